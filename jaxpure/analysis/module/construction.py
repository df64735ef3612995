"""Construction code: what runs while a Flax linen module is set up, and nothing else traced.

A linen module's ``setup`` runs on the clone ``init``/``apply`` binds for one call, so under a
jitted ``apply`` it runs while JAX traces, once per trace. What it does there builds the
module: submodules, constant tables, pretrained weights and configurations read from files
(``open``, ``pickle.load``, a cached download). Those reads are meant once; their results
become constants of the trace, as intended. A function is *construction code* when every
reason the analysis has to think it traced is construction: it is a linen ``setup`` (or a
helper method only ``setup`` calls) traced by contract, or every traced caller of it is
construction code, in this module or (through a seed) in another.

What a rule does with the notion is its own business (the trace-time side-effect rule leaves
file I/O there alone); this module only says which functions qualify.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Protocol

import libcst as cst

from jaxpure.analysis.module.contracts import builds_per_call_instance, is_linen_class
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.resolve import Resolver


class _Info(Protocol):
    @property
    def traced(self) -> bool: ...


class _Origin(Protocol):
    @property
    def target(self) -> Unit: ...

    @property
    def contract(self) -> str | None: ...


def construction_roots(index: ModuleIndex, resolver: Resolver, unit: Unit) -> bool:
    """A linen module's ``setup``, or a helper method that only ``setup`` calls."""
    return unit.parent_is_class and unit.class_name is not None \
        and is_linen_class(index, resolver, unit.class_name) \
        and builds_per_call_instance(index, resolver, unit)


def construction_units(index: ModuleIndex, resolver: Resolver,
                       info: Mapping[int, _Info],
                       origins: Iterable[_Origin],
                       edges: Iterable[tuple[Unit, Unit, cst.Call]],
                       seeded: dict[int, bool]) -> set[int]:
    """Ids of the traced units that only construction code traces.

    ``seeded`` maps a unit traced by callers in other modules to whether every such caller
    is construction code there."""
    traced = {key for key, found in info.items() if found.traced}
    # a unit is construction code when some reason says so (a setup, a construction
    # caller, construction seeds) and none says otherwise: a unit traced in a way this
    # does not follow (a custom rule, a mapped function) stays out
    construction = {key for key, all_construction in seeded.items() if all_construction}
    not_construction = {key for key, all_construction in seeded.items() if not all_construction}
    for origin in origins:
        if origin.contract is not None and construction_roots(index, resolver, origin.target):
            construction.add(id(origin.target))
        else:
            not_construction.add(id(origin.target))
    traced_edges = [(id(caller), id(callee)) for caller, callee, _call in edges
                    if id(caller) in traced and id(callee) in traced]
    _spread(construction, traced_edges)
    _spread(not_construction, traced_edges)
    return (construction & traced) - not_construction


def _spread(marked: set[int], edges: list[tuple[int, int]]) -> None:
    """Mark every callee of a marked caller, until nothing changes."""
    changed = True
    while changed:
        changed = False
        for caller, callee in edges:
            if caller in marked and callee not in marked:
                marked.add(callee)
                changed = True
