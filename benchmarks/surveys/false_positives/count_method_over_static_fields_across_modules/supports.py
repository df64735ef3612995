"""Supports and the generator over a distribution class's parameter fields (efax
parameter/support.py, structure/parameter_supports.py)."""
from abc import abstractmethod
from dataclasses import fields

from .rings import Ring, real_field


class Support:
    def __init__(self, *, ring: Ring = real_field) -> None:
        self.ring = ring

    @abstractmethod
    def num_elements(self, dimensions: int) -> int:
        raise NotImplementedError


class ScalarSupport(Support):
    def num_elements(self, dimensions: int) -> int:
        return self.ring.num_elements(1)


class VectorSupport(Support):
    def num_elements(self, dimensions: int) -> int:
        return self.ring.num_elements(dimensions)


class SimplexSupport(Support):
    def num_elements(self, dimensions: int) -> int:
        return self.ring.num_elements(dimensions - 1)


def parameter_supports(p, /, *, fixed=None):
    """The name and support of each parameter field of the distribution class ``p``."""
    for this_field in fields(p):
        metadata = this_field.metadata
        if not metadata.get("parameter", False):
            continue
        if fixed is not None and metadata["fixed"] != fixed:
            continue
        yield this_field.name, metadata["support"], None
