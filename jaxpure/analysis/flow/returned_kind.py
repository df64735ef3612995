"""The kind a call of a helper of this module gives, from the helper's ``return``
statements read with its parameters holding the kinds of the call's arguments.

``self.should_update(state)`` where ``should_update`` returns ``True`` on one path and
``state.step % self.period == 0`` on another: called on a traced ``state``, the result
may be a tracer (kfac's ``sync`` flag). Callers are walked before their callees, so the
helper's own walk cannot say; its returns are read here, one call at a time, and only
when every return has a kind that is known (a local name the helper binds is not).
"""

from __future__ import annotations

from typing import Callable

import libcst as cst

from jaxpure.analysis import lattice as L
from jaxpure.analysis.flow.domain import KindScope
from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.syntax import returned_values

Infer = Callable[[KindScope, cst.BaseExpression], int]

# returns whose parts are unpacked at the call site, each with a kind of its own
_DISPLAYS = (cst.Tuple, cst.List, cst.Dict)

# helpers read inside helpers: a bound on recursion and on the cost of one call's kind
_MAX_DEPTH = 2


class _CalleeScope:
    """The helper's scope for one call: its parameters hold the kinds the call gives."""

    def __init__(self, outer: KindScope, callee: Unit, params: dict[str, int], depth: int):
        self._outer = outer
        self._callee = callee
        self._params = params
        self.returned_depth = depth

    def __getattr__(self, name: str) -> object:
        return getattr(self._outer, name)

    @property
    def unit(self) -> Unit | None:
        return self._callee

    @property
    def traced(self) -> bool:
        return self._outer.traced

    @property
    def strict_via(self) -> str | None:
        return self._outer.strict_via

    @property
    def caching_via(self) -> str | None:
        return self._outer.caching_via

    def lookup(self, name: str) -> int:
        if name in self._params:
            return self._params[name]
        if name in ("None", "True", "False"):
            return L.STATIC
        return L.UNKNOWN  # the helper's locals (not followed) and module names

    def qualname(self, expr: cst.BaseExpression) -> str | None:
        return self._outer.resolver.qualname(expr, self._callee)


def returned_kind(ctx: KindScope, callee: Unit, call: cst.Call, infer: Infer) -> int | None:
    """The join of the kinds of ``callee``'s returns for this ``call``; None when one of
    them is unknown, the call spreads arguments, or helpers nest too deep."""
    depth = getattr(ctx, "returned_depth", 0)
    if depth >= _MAX_DEPTH or not type(callee.node) is cst.FunctionDef:
        return None
    passed = callee.arguments_of(call)
    values = returned_values(callee.node)
    if passed is None or not values or any(isinstance(v, _DISPLAYS) for v in values):
        # `return tensor, tensor.shape[-1], n`: one kind for the whole tuple says nothing
        # of what each name it is unpacked into holds
        return None
    params: dict[str, int] = {}
    for p in callee.params:
        if p.star or p.name in callee.assigned:
            continue  # rebound in the helper (`tensor = jnp.pad(tensor, ...)`): a local
        if callee.parent_is_class and p.index == 0 and not callee.is_staticmethod \
                and type(call.func) is cst.Attribute:
            params[p.name] = L.STATIC  # self: Python state, as the walk binds it
        elif p.name in passed:
            params[p.name] = infer(ctx, passed[p.name])
        elif p.default is not None:
            params[p.name] = infer(ctx, p.default)
    scope = _CalleeScope(ctx, callee, params, depth + 1)
    found: int | None = None
    for value in values:
        kind = infer(scope, value)  # type: ignore[arg-type]  # a KindScope by delegation
        if kind == L.UNKNOWN:
            return None
        found = kind if found is None else L.join(found, kind)
    return found
