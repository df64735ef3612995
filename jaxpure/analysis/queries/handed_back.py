"""Whether a function hands an optional argument it wrote back to its callers (JXP502):
the argument defaults to None (callers may pass none: it is state threaded through the
call, not an object they keep), every ``return`` gives it back, itself or inside the result
it builds (``return Output(x, cache)``), and no call of the function in the module drops
that result. A caller then reads the written object from the result, which holds the write
under the transform as it does eagerly (gemma's transformer writes each layer's entry of
its ``cache=None`` dict and returns the dict in its output, where the sampler reads it).

A required argument written and returned (``params.update(g); return params``) stays a
finding: a caller may keep using its own object, and none is seen here."""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.syntax import own_returns, statements

if TYPE_CHECKING:  # context.py imports no query; keep it that way
    from jaxpure.analysis.context import Context


def handed_back(ctx: Context, unit: Unit, param: str) -> bool:
    """``param`` defaults to None, ``unit`` returns it on every path (it cannot run off its
    end, and every ``return`` holds the name) and no call of it in the module is a bare
    statement."""
    node = unit.node
    declared = unit.param(param)
    if type(node) is not cst.FunctionDef or param in unit.assigned or declared is None \
            or not (type(declared.default) is cst.Name and declared.default.value == "None"):
        return False
    if not _always_returns(node.body):
        return False
    returns = own_returns(node)
    return bool(returns) and all(r.value is not None and _holds(r.value, param) for r in returns) \
        and not _result_dropped(ctx, unit)


def _always_returns(body: cst.BaseSuite) -> bool:
    """The block cannot run off its end (which returns None): it ends with a ``return`` or a
    ``raise``, or with a ``with`` or an ``if``/``else`` whose every block does."""
    found = statements(body)
    last = found[-1] if found else None
    if type(last) is cst.SimpleStatementLine:
        return type(last.body[-1]) is cst.Return or type(last.body[-1]) is cst.Raise
    if type(last) is cst.With:
        return _always_returns(last.body)
    if type(last) is cst.If:
        orelse = last.orelse
        if orelse is None:
            return False
        if not _always_returns(last.body):
            return False
        if type(orelse) is cst.If:  # elif: the same test on the rest of the chain
            return _always_returns(cst.IndentedBlock(body=[orelse]))
        return _always_returns(orelse.body)
    return False


def _holds(value: cst.BaseExpression, name: str) -> bool:
    """``value`` is ``name``, or a display or a call (a result class, ``dict(...)``) that
    takes it as an element or argument."""
    if type(value) is cst.Name:
        return value.value == name
    if type(value) is cst.Tuple or type(value) is cst.List:
        return any(_holds(e.value, name) for e in value.elements)
    if type(value) is cst.Dict:
        return any(type(e) is cst.DictElement and _holds(e.value, name) for e in value.elements)
    if type(value) is cst.Call:
        return any(_holds(a.value, name) for a in value.args)
    return False


def _result_dropped(ctx: Context, unit: Unit) -> bool:
    """Some call of the function in the module (``f(x)``, ``self.f(x)``, ``jax.jit(f)(x)``)
    is a statement of its own: its caller keeps only its own object."""
    parents = ctx.facts.parents
    calls = [call for u in ctx.index.units for call in u.calls] + list(ctx.index.module_calls)
    return any(_calls(call.func, unit.name) and type(parents.get(id(call))) is cst.Expr
               for call in calls)


def _calls(func: cst.BaseExpression, name: str) -> bool:
    if type(func) is cst.Name:
        return func.value == name
    if type(func) is cst.Attribute:
        return func.attr.value == name
    if type(func) is cst.Call and func.args:  # `jax.jit(f)(x)`
        return _calls(func.args[0].value, name)
    return False
