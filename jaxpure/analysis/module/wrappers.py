"""A project's own jit wrappers: ``def staged(method, ...): return jax.jit(method, ...)``.

A module-level function that hands its first parameter to a wrapping transform (jit, pmap,
vmap, ...) behaves like that transform for whatever it is given: ``@utils.staged`` on a
method stages it. The summary lists a module's wrappers; summary.wrapper_seeds tells the
modules that import them under which names, and ``wrapper_transforms`` turns those seeds
into entries of the transforms table (the same table as the configured ``transforms``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from jaxpure.analysis.catalog.transforms import lookup
from jaxpure.analysis.syntax import call_arg

if TYPE_CHECKING:
    from jaxpure.analysis.module.index import ModuleIndex, Unit
    from jaxpure.analysis.module.resolve import Resolver


def jit_wrappers(index: ModuleIndex, resolver: Resolver) -> tuple[tuple[str, str], ...]:
    """(function name, the transform it applies) for each wrapper the module defines."""
    found = []
    for name, unit in index.defs.items():
        first = next((p for p in unit.params if p.index == 0 and not p.star), None)
        if first is None:
            continue
        transform = _applied_to(index, resolver, unit, first.name)
        if transform is not None:
            found.append((name, transform))
    return tuple(found)


def _applied_to(index: ModuleIndex, resolver: Resolver, function: Unit, param: str) -> str | None:
    """The wrapping transform ``function`` (or a function nested in it) applies to ``param``."""
    for unit in index.units:
        inner: Unit | None = unit
        while inner is not None and inner is not function:
            if inner.binds(param):
                break  # shadowed on the way: another value
            inner = inner.parent
        if inner is not function:
            continue
        for call in unit.calls:
            target = call_arg(call, 0, "fun")
            if not type(target) is cst.Name or target.value != param:
                continue
            qual = resolver.qualname(call.func, unit)
            t = lookup(qual) if qual is not None else None
            if t is not None and t.kind == "wrap" and not t.inherit and t.caching:
                return t.name
    return None


def wrapper_transforms(seeds: list) -> dict[str, str]:
    """The transforms table entries the seeds name: ``{"pkg.utils.staged": "jax.jit"}``."""
    return {seed.origin: seed.via for seed in seeds
            if not seed.function and seed.via and seed.origin}
