"""A transform body that is a parameter of the function applying the transform.

kfac's ``_maybe_update(self, state, should_update, update_func, **update_kwargs)`` runs
``lax.cond(should_update, functools.partial(update_func, **update_kwargs), ...)``: which
function the cond traces is what each call of ``_maybe_update`` passes for
``update_func`` (``self._update_curvature``). And ``**update_kwargs`` there is what those
calls give by keyword (``sync=sync``): the partial binds those values, of the kinds the
callers give (read in flow/kinds.py through the origin's ``kwargs_source``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import libcst as cst

from jaxpure.analysis.catalog.transforms import Transform

if TYPE_CHECKING:
    from jaxpure.analysis.module.index import Unit
    from jaxpure.analysis.module.resolve import Resolver


@dataclass(frozen=True)
class ParameterBody:
    """A body given as ``param`` of ``unit`` (bare, or as the function of a partial)."""

    transform: Transform  # the lax primitive (`lax.cond`)
    node: cst.CSTNode  # the application (`lax.cond(...)`)
    unit: Unit
    param: str
    partial: cst.Call | None  # `functools.partial(update_func, **update_kwargs)`
    arity: int | None


def parameter_name(expr: cst.BaseExpression, unit: Unit | None) -> str | None:
    """``update_func`` when it names a (non-star) parameter of ``unit``, not rebound."""
    if unit is None or not type(expr) is cst.Name:
        return None
    param = unit.param(expr.value)
    if param is None or param.star or unit.assigned.get(expr.value):
        return None
    return param.name


def passed_functions(resolver: Resolver, body: ParameterBody,
                     edges: list[tuple[Unit, Unit, cst.Call]]) -> list[tuple[Unit, int]]:
    """The functions of this module the calls of ``body.unit`` pass for its parameter, each
    with how many leading parameters are bound before the body's own (1 for ``self`` of a
    bound method ``self._update_curvature``). A call passing something else
    (``self.estimator.update_cache``) has its body traced where that is defined."""
    found: list[tuple[Unit, int]] = []
    for caller, callee, call in edges:
        if callee is not body.unit:
            continue
        passed = (callee.arguments_of(call) or {}).get(body.param)
        function = resolver.function(passed, caller) if passed is not None else None
        if function is None:
            continue
        bound_self = type(passed) is cst.Attribute and function.parent_is_class \
            and not function.is_staticmethod
        found.append((function, 1 if bound_self else 0))
    return found


def spread_own_kwargs(partial: cst.Call, unit: Unit) -> bool:
    """``partial(f, **update_kwargs)`` spreading ``unit``'s own ``**update_kwargs``: only
    what its callers give by keyword, so the kinds they give are known."""
    stars = [a for a in partial.args if a.star]
    if len(stars) != 1 or stars[0].star != "**" or not type(stars[0].value) is cst.Name:
        return False
    name = stars[0].value.value
    param = unit.param(name)
    return param is not None and param.star == "**" and not unit.assigned.get(name)
