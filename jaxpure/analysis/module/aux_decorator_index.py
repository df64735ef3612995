"""The project's aux-field decorators, carried in the module summaries: plain data,
JSON-able, no libcst (the prefilter loads summary.py).

pmwd defines ``pytree_dataclass(cls, aux_fields=None, ...)`` in ``pmwd/tree_util.py``, a
decorator that makes the class a dataclass and registers it as a pytree whose aux data
are the fields named by ``aux_fields`` (module/aux_decorators.py reads that off its body);
``pmwd/configuration.py`` applies it (``@partial(pytree_dataclass, aux_fields=Ellipsis)``).
The defining module's summary names its such decorators; every module importing one gets
a seed saying what the decorator does, so the fields its classes name as aux data are
static there, and, through the class facts and the field index, in the modules that use
those classes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from jaxpure.analysis.module.class_closure import aliased

# The ``via`` of a seed naming no function that tells a module a name it may import is an
# aux-field decorator: ``origin`` is the qualified name, ``keywords`` its facts (encode())
AUX_DECORATORS = "aux-field decorator"

_EVERY, _SINGLE = 1, 2

# a module summary's entry: (function, its facts encoded as a seed's keywords) for each
AuxDecorators = tuple[tuple[str, tuple[tuple[str, int], ...]], ...]


def aux_decorators_from_json(data: list) -> AuxDecorators:
    return tuple((d[0], tuple((k[0], k[1]) for k in d[1])) for d in data)


@dataclass(frozen=True)
class AuxDecorator:
    """What a project decorator does with the class it registers: the fields named by its
    parameter ``param`` are aux data; ``every``: ``Ellipsis`` names them all; ``single``: a
    string names one; ``fixed``: its other named parameters, which an application must
    leave at their defaults (``aux_invert=True`` would swap children and aux data)."""

    param: str
    every: bool
    single: bool
    fixed: tuple[str, ...]

    def encode(self) -> tuple[tuple[str, int], ...]:
        """As a seed's keywords: the parameter with its flags, then the fixed ones."""
        flags = (_EVERY if self.every else 0) | (_SINGLE if self.single else 0)
        return ((self.param, flags),) + tuple((name, 0) for name in self.fixed)

    @staticmethod
    def decode(keywords: tuple[tuple[str, int], ...]) -> AuxDecorator | None:
        if not keywords:
            return None
        (param, flags), rest = keywords[0], keywords[1:]
        return AuxDecorator(param, bool(flags & _EVERY), bool(flags & _SINGLE),
                            tuple(name for name, _flags in rest))


class HasAuxDecorators(Protocol):
    """What :func:`aux_decorator_targets` reads of a module summary."""

    @property
    def aux_decorators(self) -> AuxDecorators: ...

    @property
    def reexports(self) -> tuple[tuple[str, str], ...]: ...


def aux_decorator_targets(summaries: Mapping[str, tuple[HasAuxDecorators, str, str]],
                          aliases: Mapping[str, str]
                          ) -> list[tuple[str, str, str, tuple[tuple[str, int], ...]]]:
    """(importing module, qualified name it may import, the defining module's relpath,
    the decorator's encoded facts) for each aux-field decorator a module imports, directly
    or through a re-export."""
    decorators: dict[str, tuple[str, tuple[tuple[str, int], ...]]] = {}
    for name, (summary, _path, relpath) in summaries.items():
        for function, facts in summary.aux_decorators:
            decorators[f"{name}.{function}"] = (relpath, facts)
    if not decorators:
        return []
    names = dict(decorators)
    names.update((alias, decorators[target]) for alias in aliases  # re-exports of one
                 for target in [aliased(aliases, alias)] if target in decorators)
    found = []
    for module, (summary, _path, _relpath) in summaries.items():
        imported = [target for _alias, target in summary.reexports]
        for name, (relpath, facts) in names.items():
            if name.rsplit(".", 1)[0] != module and any(
                    name == target or name.startswith(target + ".") for target in imported):
                found.append((module, name, relpath, facts))
    return found
