"""Whether a traced run of a function reaches the default of one of its parameters: a call
in view that leaves the parameter out (or passes ``None``) and runs the function under a
transform (JXP105: ``if key is None: key = jax.random.key(0)`` repeats its numbers only
on the runs that pass no key)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.module.transform_callees import transformed_function
from jaxpure.analysis.syntax import own_statements

if TYPE_CHECKING:  # context.py imports no query; keep it that way
    from jaxpure.analysis.context import Context


def traced_call_leaving_out(ctx: Context, unit: Unit, param: str,
                            _seen: frozenset[int] = frozenset()) -> cst.Call | None:
    """The first call in view that runs ``unit`` under a transform and may give ``param``
    no value (leaves it out, passes ``None``, or passes a name that may hold ``None``: its
    own parameter that one of its calls leaves out, a name bound to ``None``): a call from
    a traced function of this module, or, when ``unit`` is itself transformed, any call of
    it in the module (each runs its trace). None when no such call is seen: a default that
    only callers out of view (a library's users) or only eager calls could reach is theirs
    to choose."""
    if id(unit) in _seen:
        return None
    seen = _seen | {id(unit)}
    analysis = ctx.traced_analysis
    for caller, callee, call in analysis.edges:
        info = analysis.info.get(id(caller))
        if callee is unit and info is not None and info.traced \
                and _may_leave_out(ctx, unit, call, param, caller, seen):
            return call
    own = analysis.info.get(id(unit))
    if own is None or not own.direct:
        return None
    scopes: list[tuple[Unit | None, list[cst.Call]]] = [(None, ctx.index.module_calls)]
    scopes += [(scope, scope.calls) for scope in ctx.index.units]
    for scope, calls in scopes:
        for call in calls:
            if _runs(ctx, call, scope, unit) and _may_leave_out(ctx, unit, call, param, scope, seen):
                return call
    return None


def _runs(ctx: Context, call: cst.Call, scope: Unit | None, unit: Unit) -> bool:
    """``f(x)`` of the decorated ``f``, or ``step(x)`` of ``step = jax.jit(f)``."""
    return ctx.resolver.function(call.func, scope) is unit \
        or transformed_function(ctx.resolver, ctx.index, call.func, scope) is unit


def _may_leave_out(ctx: Context, unit: Unit, call: cst.Call, param: str,
                   scope: Unit | None, seen: frozenset[int]) -> bool:
    passed = unit.arguments_of(call)
    if passed is None:
        return False  # `f(*args)`: what it fills is not known
    value = passed.get(param)
    if value is None:
        return True
    if type(value) is not cst.Name:
        return False
    if value.value == "None":
        return True
    outer = scope.param(value.value) if scope is not None else None
    if outer is not None:  # the caller's own `key=None`, handed on
        return _none_default(outer.default) \
            and traced_call_leaving_out(ctx, scope, outer.name, seen) is not None  # type: ignore[arg-type]
    return _bound_to_none(scope, value.value)


def _none_default(default: cst.BaseExpression | None) -> bool:
    return type(default) is cst.Name and default.value == "None"


def _bound_to_none(scope: Unit | None, name: str) -> bool:
    """``key = None`` in ``scope`` or a function enclosing it that binds ``name``."""
    while scope is not None:
        if scope.binds(name):
            body = scope.node.body
            own = own_statements(body) if isinstance(body, cst.BaseSuite) else []
            return any(type(node) is cst.Assign and type(node.value) is cst.Name
                       and node.value.value == "None"
                       and any(type(t.target) is cst.Name and t.target.value == name
                               for t in node.targets)
                       for node in own)
        scope = scope.parent
    return False
