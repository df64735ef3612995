"""Draws from a global generator seeded in the same trace (JXP104).

``np.random.seed(s)`` as a statement of a traced function's own body, with a seed that is
not None, resets NumPy's global generator each time the body runs. The ``np.random.*``
draws after it, in that body or in the functions it calls after it, then give the same
numbers in every trace and on every eager call: a fixed random pattern (BigBird's block
mask, drawn once per trace from a configured seed), which the compiled function keeps as
the eager one would. The same holds for Python's ``random.seed`` and ``random.*``.

A seed of None (or a parameter defaulting to None that the function does not rebind)
seeds from the operating system's entropy: the draws differ between traces, so they stay
trace-time effects. A seed given as a tracer cannot run at all (``np.random.seed`` needs a
concrete integer), so an argument that reaches the call is a Python value.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.syntax import call_arg, contains, descendants, statements

if TYPE_CHECKING:  # context.py imports no query; keep it that way
    from jaxpure.analysis.context import Context

# the module of each global generator, by the qualified name of its seeding function
SEEDERS = {"numpy.random.seed": "numpy.random.", "random.seed": "random."}


def generator_of(qual: str) -> str | None:
    """``"numpy.random."`` for ``numpy.random.permutation`` (a draw from NumPy's global
    generator), ``"random."`` for ``random.random``; None for anything else."""
    if qual.startswith("numpy.random."):
        return "numpy.random."
    if qual.startswith("random."):
        return "random."
    return None


def seeded_draw(ctx: Context, call: cst.Call, generator: str) -> bool:
    """Whether ``call``, a draw from ``generator``'s global state, comes after a seed of it
    in this function's own body, or this function is reached only from calls that do."""
    unit = ctx.unit
    if unit is None:
        return False
    return _seeded_before(ctx, unit, call, generator) or _every_caller_seeds(ctx, unit, generator)


def seed_before_draws(ctx: Context, call: cst.Call, generator: str) -> bool:
    """Whether ``call``, a seed of ``generator`` that gives the same numbers each time, is a
    statement of this function's own body that its later statements draw from (directly or
    through a function of this module that draws): a fixed pattern, asked for."""
    unit = ctx.unit
    if unit is None or not type(unit.node) is cst.FunctionDef:
        return False
    body = statements(unit.node.body)
    for position, statement in enumerate(body):
        if _seed_call(ctx, unit, statement, generator) is call:
            return any(_draws(ctx, unit, later, generator) for later in body[position + 1:])
    return False


def _seeded_before(ctx: Context, unit: Unit, node: cst.CSTNode, generator: str) -> bool:
    if not type(unit.node) is cst.FunctionDef:
        return False
    seeded = False
    for statement in statements(unit.node.body):
        if contains(statement, node):
            return seeded
        if _seed_call(ctx, unit, statement, generator) is not None:
            seeded = True
    return False


def _every_caller_seeds(ctx: Context, unit: Unit, generator: str) -> bool:
    """A function traced only because functions of this module call it (not given to a
    transform itself, not reached from another module), each call after a seed."""
    info = ctx.info
    if info is None or info.direct or info.external_origin is not None or unit.parent_is_class:
        return False
    callers = [(caller, call) for caller in ctx.index.units if caller is not unit
               for call in caller.calls
               if type(call.func) is cst.Name and call.func.value == unit.name]
    return bool(callers) and all(_seeded_before(ctx, caller, call, generator)
                                 for caller, call in callers)


def _seed_call(ctx: Context, unit: Unit, statement: cst.CSTNode, generator: str) -> cst.Call | None:
    """The call of a statement ``np.random.seed(s)`` with a seed that is not None."""
    if not type(statement) is cst.SimpleStatementLine or len(statement.body) != 1:
        return None
    expr = statement.body[0]
    if not type(expr) is cst.Expr or not type(expr.value) is cst.Call:
        return None
    call = expr.value
    if SEEDERS.get(ctx.resolver.qualname(call.func, unit) or "") != generator:
        return None
    seed = call_arg(call, 0, "seed")
    if seed is None or len(call.args) != 1 or _maybe_none(unit, seed):
        return None
    return call


def _maybe_none(unit: Unit, seed: cst.BaseExpression) -> bool:
    if type(seed) is cst.Name and seed.value == "None":
        return True
    if type(seed) is not cst.Name:
        return False
    param = unit.param(seed.value)
    default = param.default if param is not None else None
    return type(default) is cst.Name and default.value == "None" and seed.value not in unit.assigned


def _draws(ctx: Context, unit: Unit, statement: cst.CSTNode, generator: str) -> bool:
    for node in descendants(statement):
        if type(node) is not cst.Call:
            continue
        qual = ctx.resolver.qualname(node.func, unit) or ""
        if qual.startswith(generator) and qual not in SEEDERS:
            return True
        callee = ctx.index.defs.get(node.func.value) if type(node.func) is cst.Name else None
        if callee is not None and any(
                (ctx.resolver.qualname(inner.func, callee) or "").startswith(generator)
                for inner in callee.calls):
            return True
    return False
