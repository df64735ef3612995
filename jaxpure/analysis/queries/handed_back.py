"""Whether a function hands an argument it wrote back to its callers (JXP502): every
``return`` gives it back, itself or inside the result it builds (``return Output(x,
cache)``), or a copy of it made after the write that keeps its fields (``mem =
mem._replace(extras=mem.extras)``, ``state.replace(...)``, ``dataclasses.replace(state,
...)``), and no call of the function in the module drops that result. A caller then reads
the written object from the result, which holds the write under the transform as it does
eagerly.

Which arguments: an optional one (``cache=None``: callers may pass none, it is state
threaded through the call, not an object they keep; gemma's transformer writes each
layer's entry of its cache dict and returns the dict in its output, where the sampler reads
it); or any argument of a function whose own definition is transformed (``@jax.jit``), so
its body never runs on the caller's object, when no caller in the module keeps reading its
own object after the call (pax's jitted policies write ``mem.extras[...]`` and return
``mem._replace(extras=mem.extras)``; their callers, in other modules, under ``vmap``, take
the memory from the result). A required argument of a function also called untransformed
(``step = jax.jit(_step)``), written and returned, stays a finding: an eager caller that
keeps using its own object sees the write, a transformed one does not."""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.queries.callers import no_seen_caller_observes
from jaxpure.analysis.syntax import own_returns, own_statements, statements, target_names

if TYPE_CHECKING:  # context.py imports no query; keep it that way
    from jaxpure.analysis.context import Context


def handed_back(ctx: Context, unit: Unit, param: str) -> bool:
    """``unit`` returns ``param`` (or a copy of it made from itself) on every path (it cannot
    run off its end, and every ``return`` holds the name) and no call of it in the module
    is a bare statement; ``param`` defaults to None, or ``unit`` never runs untransformed
    and no caller seen reads its own object after the call."""
    node = unit.node
    declared = unit.param(param)
    if type(node) is not cst.FunctionDef or declared is None:
        return False
    optional = type(declared.default) is cst.Name and declared.default.value == "None"
    if not optional and not _always_transformed(ctx, node):
        return False
    if param in unit.assigned and not _rebound_only_to_copies(unit, node, param):
        return False
    if not _always_returns(node.body):
        return False
    returns = own_returns(node)
    if not returns or not all(r.value is not None and _holds(r.value, param) for r in returns) \
            or _result_dropped(ctx, unit):
        return False
    return optional or no_seen_caller_observes(ctx, unit, param)


def _always_transformed(ctx: Context, node: cst.FunctionDef) -> bool:
    """A transform decorates the definition (``@jax.jit``, ``@partial(jax.vmap, ...)``):
    the name binds only the transformed function."""
    info = ctx.info
    decorators = {id(d.decorator) for d in node.decorators}
    return info is not None and any(id(origin[1]) in decorators for origin in info.origins)


_COPYING_METHODS = frozenset({"_replace", "replace", "copy"})


def _rebound_only_to_copies(unit: Unit, function: cst.FunctionDef, name: str) -> bool:
    """Every binding of ``name`` in ``function`` is ``name = name._replace(...)`` (or
    ``.replace``, ``.copy``, ``dataclasses.replace(name, ...)``): a copy that keeps the
    fields it is not given, so what was written into them is in the copy."""
    bindings = [s for s in own_statements(function.body)
                if type(s) is cst.Assign and any(name in target_names(t.target) for t in s.targets)]
    if not bindings or len(bindings) != unit.assigned[name]:
        return False  # also bound another way (a loop target, `with ... as`, `+=`): no copy
    return all(len(s.targets) == 1 and type(s.targets[0].target) is cst.Name
               and _copy_of(s.value, name) for s in bindings)


def _copy_of(value: cst.BaseExpression, name: str) -> bool:
    if type(value) is not cst.Call:
        return False
    func = value.func
    if type(func) is cst.Attribute and type(func.value) is cst.Name:
        if func.value.value == name:  # `mem._replace(...)`
            return func.attr.value in _COPYING_METHODS
        # `dataclasses.replace(mem, ...)`
        return func.attr.value == "replace" and _first_argument_is(value, name)
    return type(func) is cst.Name and func.value == "replace" and _first_argument_is(value, name)


def _first_argument_is(call: cst.Call, name: str) -> bool:
    first = call.args[0] if call.args else None
    return first is not None and first.keyword is None and first.star == "" \
        and type(first.value) is cst.Name and first.value.value == name


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
