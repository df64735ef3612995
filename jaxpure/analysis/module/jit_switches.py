"""Module flags that switch the module's own jit off.

A library that wants to run its traced code eagerly (to debug it, or to test its Python
fallbacks) often keeps one module-level flag for it: ``maybe_jit`` returns the function
itself while the flag is set and ``jax.jit`` of it otherwise, and the loop helpers beside it
run a Python loop under the same flag instead of ``lax.fori_loop``::

    def maybe_jit(fn):
        if _DISABLE_CONTROL_FLOW_PRIM:
            return fn
        return jax.jit(fn)

    def fori_loop(lower, upper, body, init):
        if _DISABLE_CONTROL_FLOW_PRIM:
            for i in range(int(lower), int(upper)): ...   # runs only with jit off

A flag that picks a Python loop of the module over a lax loop given the same functions
means the same (qpax's ``DEBUG_FLAG``: ``while_loop_debug(cond, step, init)`` where it is
set, ``jax.lax.while_loop(cond, step, init)`` where it is clear): the Python loop tests the
carry's concrete values, so the flag's path runs only eagerly.

The flag means what ``jax.config.jax_disable_jit`` means, so a path it guards is one the
trace never takes (flow/kinds.py ``untraced_path``). Only a flag the module itself shows
choosing between a function and its jit, or between a Python loop and a lax loop, counts: a
flag nothing ties to jit says nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from jaxpure.analysis.catalog.transforms import CARRY_LOOPS, lookup
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.syntax import descendants


def jit_off_flags(index: ModuleIndex, resolver: Resolver) -> frozenset[str]:
    """Module-level names whose truth makes a function of the module skip its jit."""
    found: set[str] = set()
    for unit in index.units:
        if type(unit.node) is not cst.FunctionDef:
            continue
        for flag, when_set, when_clear in _flag_choices(unit.node.body):
            if flag not in index.bindings or unit.binds(flag):
                continue
            if not _returns_jit(when_set, resolver, unit) and _returns_jit(when_clear, resolver, unit) \
                    or _python_loop_instead(when_set, when_clear, resolver, unit):
                found.add(flag)
    return frozenset(found)


Branch = cst.BaseExpression | cst.BaseSuite | None


def _flag_choices(body: cst.BaseSuite) -> Iterator[tuple[str, Branch, Branch]]:
    """(flag, what runs when it is set, what runs when it is clear) for ``if FLAG:`` /
    ``if not FLAG:`` statements and ``a if FLAG else b`` returns at the top of ``body``.
    A bare ``if`` followed by a ``return`` takes that return as its ``else``."""
    statements = list(body.body) if type(body) is cst.IndentedBlock else []
    for position, statement in enumerate(statements):
        if type(statement) is cst.If:
            flag, negated = _flag_of(statement.test)
            if flag is None:
                continue
            otherwise: Branch = statement.orelse.body if type(statement.orelse) is cst.Else else None
            if otherwise is None and position + 1 < len(statements):
                otherwise = _returned(statements[position + 1])
            yield (flag, otherwise, statement.body) if negated else (flag, statement.body, otherwise)
        returned = _returned(statement)
        if type(returned) is cst.IfExp:
            flag, negated = _flag_of(returned.test)
            if flag is not None:
                pair = (returned.orelse, returned.body) if negated else (returned.body, returned.orelse)
                yield flag, pair[0], pair[1]


def _flag_of(test: cst.BaseExpression) -> tuple[str | None, bool]:
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
        inner, negated = _flag_of(test.expression)
        return inner, not negated
    return (test.value, False) if type(test) is cst.Name else (None, False)


def _returned(statement: cst.CSTNode) -> cst.BaseExpression | None:
    if type(statement) is cst.SimpleStatementLine and len(statement.body) == 1 and \
            type(statement.body[0]) is cst.Return:
        return statement.body[0].value
    return None


def _python_loop_instead(when_set: Branch, when_clear: Branch, resolver: Resolver,
                         unit: Unit) -> bool:
    """``when_clear`` runs a lax loop (``jax.lax.while_loop(cond, step, init)``) and
    ``when_set`` none, but a function of this module that loops in Python, given the very
    same arguments (``while_loop_debug(cond, step, init)``)."""
    if not isinstance(when_set, cst.BaseSuite) or not isinstance(when_clear, cst.BaseSuite):
        return False
    lax = [call for call in _calls(when_clear) if resolver.qualname(call.func, unit) in CARRY_LOOPS]
    mine = _calls(when_set)
    if not lax or any(resolver.qualname(call.func, unit) in CARRY_LOOPS for call in mine):
        return False
    for call in mine:
        helper = resolver.function(call.func, unit)
        if helper is not None and _loops(helper.node) and any(
                len(call.args) == len(loop.args)
                and all(a.deep_equals(b) for a, b in zip(call.args, loop.args)) for loop in lax):
            return True
    return False


def _calls(node: cst.CSTNode) -> list[cst.Call]:
    return [found for found in descendants(node) if type(found) is cst.Call]


def _loops(node: cst.CSTNode) -> bool:
    """A ``for`` or ``while`` statement in the function's body."""
    body = node.body if type(node) is cst.FunctionDef else None
    return body is not None and any(
        isinstance(found, (cst.For, cst.While)) for found in descendants(body))


def _returns_jit(branch: Branch, resolver: Resolver, unit: Unit) -> bool:
    """``branch`` returns a caching transform of something (``jax.jit(fn, ...)``)."""
    if branch is None:
        return False
    if isinstance(branch, cst.BaseSuite):
        statements = list(branch.body) if type(branch) is cst.IndentedBlock else []
        return any(_returns_jit(_returned(s), resolver, unit) for s in statements)
    if type(branch) is not cst.Call:
        return False
    transform = lookup(resolver.qualname(branch.func, unit) or "")
    return transform is not None and transform.caching and transform.kind == "wrap"
