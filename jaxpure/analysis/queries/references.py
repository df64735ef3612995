"""Mutable references (``jax.new_ref``, flax nnx hijax Variables): writes through them reach
the caller under ``jit`` by design, unlike writes into a pytree argument, which the
transform rebuilds (JXP502)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from jaxpure.analysis.catalog.side_effects import HIJAX_SWITCHES, REF_CONSTRUCTORS, VARIABLE_TYPES
from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.queries.callers import call_sites, passed_for
from jaxpure.analysis.syntax import keyword_arg, positional_args, single_assignment

if TYPE_CHECKING:  # context.py imports no query; keep it that way
    from jaxpure.analysis.context import Context


def uses_mutable_references(ctx: Context) -> bool:
    """Whether the module makes mutable references: ``jax.new_ref(...)``, a Variable with
    ``hijax=True``, or ``nnx.var_defaults(hijax=True)`` (asked only of the rare calls that
    need it, so not memoised)."""
    calls = list(ctx.index.module_calls)
    for unit in ctx.index.units:
        calls.extend(unit.calls)
    return any(_makes_reference(ctx, call) or _switches_hijax_on(ctx, call) for call in calls)


def _makes_reference(ctx: Context, call: cst.Call) -> bool:
    qual = ctx.qualname(call.func)
    if qual in REF_CONSTRUCTORS:
        return True
    return qual in VARIABLE_TYPES and _hijax_keyword(call)


def _switches_hijax_on(ctx: Context, call: cst.Call) -> bool:
    if ctx.qualname(call.func) not in HIJAX_SWITCHES:
        return False
    args = positional_args(call)
    return _hijax_keyword(call) or bool(args) and _is_true(args[0].value)


def _hijax_keyword(call: cst.Call) -> bool:
    arg = keyword_arg(call, "hijax")
    return arg is not None and _is_true(arg.value)


def _is_true(value: cst.BaseExpression) -> bool:
    return type(value) is cst.Name and value.value == "True"


def reference_update(ctx: Context, call: cst.Call) -> bool:
    """``optimizer.update(model, grads)`` in a module that makes mutable references: an
    ``update`` given two or more positional arguments is no dict's or set's (a dict takes
    one), but a method of an object holding references (an nnx ``Optimizer`` over hijax
    Variables), which writes them in place on purpose. Without references in the module it
    stays a write into a copy that the caller never sees."""
    func = call.func
    return type(func) is cst.Attribute and func.attr.value == "update" \
        and len(positional_args(call)) >= 2 and uses_mutable_references(ctx)


def bound_to_reference(ctx: Context, unit: Unit, param: str) -> bool:
    """Every call of ``unit`` passes for ``param`` a name bound to a mutable reference
    (``v = nnx.Variable({...}, hijax=True)``, ``r = jax.new_ref(x)``), so ``v["a"] += 1``
    inside writes the caller's reference, as intended."""
    sites = call_sites(ctx, unit)
    if not sites:
        return False
    for site in sites:
        passed = passed_for(ctx, unit, site, param)
        if not type(passed) is cst.Name:
            return False
        values = _bound_values(ctx, site.scope, passed.value)
        if not values or not all(_reference_value(ctx, value) for value in values):
            return False
    return True


def _bound_values(ctx: Context, scope: cst.CSTNode, name: str) -> list[cst.BaseExpression | None]:
    """What ``name`` is bound to in ``scope``: its one assignment in a function; every
    binding at module level (a notebook rebinds ``v`` from cell to cell), None for one with
    no plain value."""
    if type(scope) is cst.Module:
        return [binding.value for binding in ctx.index.bindings.get(name, [])]
    body = getattr(scope, "body", None)
    return [single_assignment(body, name)] if isinstance(body, cst.BaseSuite) else []


def _reference_value(ctx: Context, value: cst.BaseExpression | None) -> bool:
    """A mutable reference by construction: ``jax.new_ref(x)``, a Variable made with
    ``hijax=True``, or any Variable in a module that switches hijax on for every Variable
    (``nnx.var_defaults(hijax=True)`` at its top level)."""
    if not type(value) is cst.Call:
        return False
    return _makes_reference(ctx, value) or ctx.qualname(value.func) in VARIABLE_TYPES \
        and any(_switches_hijax_on(ctx, call) for call in ctx.index.module_calls)
