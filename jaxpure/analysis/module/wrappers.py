"""A project's own jit wrappers: ``def staged(method, ...): return jax.jit(method, ...)``.

A module-level function that hands its first parameter to a wrapping transform (jit, pmap,
vmap, ...) behaves like that transform for whatever it is given: ``@utils.staged`` on a
method stages it. The summary lists a module's wrappers; summary.wrapper_seeds tells the
modules that import them under which names, and ``wrapper_transforms`` turns those seeds
into entries of the transforms table (the same table as the configured ``transforms``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import libcst as cst

from jaxpure.analysis.catalog.transforms import lookup
from jaxpure.analysis.syntax import call_arg, keyword_arg

if TYPE_CHECKING:
    from jaxpure.analysis.module.index import ModuleIndex, Unit
    from jaxpure.analysis.module.resolve import Resolver


# Keywords naming the static parameters of a wrapped function.
STATIC_KEYWORDS = ("static_argnums", "static_argnames", "static_broadcasted_argnums")

# (function name, the transform it applies, the static keywords a use of it gives whose
# meaning is the wrapper's own: it rewrites them before handing them to the transform)
Wrapper = tuple[str, str, tuple[str, ...]]


def jit_wrappers(index: ModuleIndex, resolver: Resolver) -> tuple[Wrapper, ...]:
    """Each wrapper the module defines (:data:`Wrapper`)."""
    found = []
    within: dict[int, list[Unit]] | None = None
    for name, unit in index.defs.items():
        first = next((p for p in unit.params if p.index == 0 and not p.star), None)
        if first is None:
            continue
        if within is None:
            within = _units_within(index)
        applied = _applied_to(resolver, unit, first.name, within.get(id(unit), ()))
        if applied is not None:
            transform, call = applied
            found.append((name, transform, _rewritten_statics(unit, call)))
    return tuple(found)


def _units_within(index: ModuleIndex) -> dict[int, list[Unit]]:
    """id of a function -> it and the functions nested in it, in the order of index.units
    (one pass, where a scan of every unit for every module-level function was quadratic)."""
    within: dict[int, list[Unit]] = {}
    for unit in index.units:
        outer: Unit | None = unit
        while outer is not None:
            within.setdefault(id(outer), []).append(unit)
            outer = outer.parent
    return within


def _rewritten_statics(function: Unit, call: cst.Call) -> tuple[str, ...]:
    """The static keywords of ``function`` that do not reach the transform ``call``
    unchanged: kfac's ``staged(method, static_argnums)`` counts its numbers past ``self``
    and hands ``(0,) + tuple(i + 1 for i in static_argnums)`` to ``jax.jit``, so a use's
    ``static_argnums=1`` does not mean what it means to jit."""
    rewritten = []
    for keyword in STATIC_KEYWORDS:
        param = function.param(keyword)
        if param is None:
            continue
        passed = keyword_arg(call, keyword)
        value = passed.value if passed is not None else None
        if not (type(value) is cst.Name and value.value == keyword
                and not function.assigned.get(keyword)):
            rewritten.append(keyword)
    return tuple(rewritten)


def _applied_to(resolver: Resolver, function: Unit, param: str,
                units: Iterable[Unit]) -> tuple[str, cst.Call] | None:
    """The wrapping transform ``function`` (or a function nested in it: ``units``) applies
    to ``param``, and the call that applies it."""
    for unit in units:
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
                return t.name, call
    return None


def wrapper_transforms(seeds: list) -> dict[str, str]:
    """The transforms table entries the seeds name: ``{"pkg.utils.staged": "jax.jit"}``."""
    return {seed.origin: seed.via for seed in seeds
            if not seed.function and seed.via and seed.origin}


def rewritten_statics(seeds: list) -> dict[str, frozenset[str]]:
    """For each imported wrapper the seeds name, the static keywords it rewrites (a wrapper
    seed's ``keywords`` hold them, with no kind)."""
    return {seed.origin: frozenset(name for name, _kind in seed.keywords) for seed in seeds
            if not seed.function and seed.via and seed.origin and seed.keywords}
