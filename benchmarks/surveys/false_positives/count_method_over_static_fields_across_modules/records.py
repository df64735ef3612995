"""The distributions and the static records an assembler keeps of them (efax
structure/assembler.py)."""
import dataclasses

import jax

from .supports import ScalarSupport, SimplexSupport, VectorSupport


def parameter(support, fixed=False):
    return dataclasses.field(metadata={"parameter": True, "support": support, "fixed": fixed})


@dataclasses.dataclass
class Normal:
    mean: object = parameter(ScalarSupport())
    variance: object = parameter(ScalarSupport())


@dataclasses.dataclass
class Dirichlet:
    alpha: object = parameter(VectorSupport())
    probs: object = parameter(SimplexSupport())
    count: object = parameter(ScalarSupport(), fixed=True)


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class SimpleDistributionInfo:
    path: tuple = dataclasses.field(metadata=dict(static=True))
    type_: type = dataclasses.field(metadata=dict(static=True))
    dimensions: int = dataclasses.field(metadata=dict(static=True))


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Assembler:
    infos: list = dataclasses.field(metadata=dict(static=True))
