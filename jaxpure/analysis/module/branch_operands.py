"""The operands of a lax branch primitive that none of its branches draws from.

``jax.lax.cond(pred, _do_new, _do_old, key)`` hands ``key`` to whichever branch runs; if
no branch draws from the parameter it arrives in (each ignores it, or only inspects it:
keyparams.helper_consumes), passing it draws nothing. The key is often there only because
the primitive wants an operand; so does a key in a tuple operand that every branch unpacks
and then ignores (``rng_key, state = operand``). Branches this module cannot resolve may
draw."""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.catalog.transforms import BRANCH_PRIMITIVES
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.keyparams import (
    helper_consumes, operand_unpacking, unpacked_key_consumed)
from jaxpure.analysis.module.resolve import Resolver


def operands_no_branch_draws(resolver: Resolver, index: ModuleIndex, call: cst.Call,
                             qualname: str | None, unit: Unit | None) -> set[int]:
    """The ids of ``call``'s operands (a lax.cond or lax.switch) that every branch leaves
    undrawn; empty for any other call, or when a branch is not a function of this module."""
    if qualname not in BRANCH_PRIMITIVES or any(
            arg.keyword is not None or arg.star for arg in call.args):
        return set()
    first_operand = 3 if qualname == "jax.lax.cond" else 2
    if len(call.args) < first_operand:
        return set()
    branches = _branch_units(resolver, call, qualname, unit)
    if branches is None:
        return set()
    kept: set[int] = set()
    for position, arg in enumerate(call.args[first_operand:]):
        names = [positional_name(branch, position) for branch in branches]
        if all(name is not None and not helper_consumes(resolver, index, branch, name)
               for branch, name in zip(branches, names)):
            kept.add(id(arg.value))
        elif type(arg.value) is cst.Tuple and None not in names:
            kept.update(_elements_no_branch_draws(resolver, index, arg.value, branches, names))
    return kept


def _elements_no_branch_draws(resolver: Resolver, index: ModuleIndex, operand: cst.Tuple,
                              branches: list[Unit], names: list[str | None]) -> set[int]:
    """The ids of the elements of a tuple operand (``(rng_key, state, info)``) that every
    branch unpacks (``rng_key, state, info = operand``, its only read of the operand) into
    a name it does not draw from: the key rides along in the tuple, drawn by no branch."""
    elements = operand.elements
    if any(type(e) is not cst.Element for e in elements):
        return set()  # `(key, *rest)`: which name takes which element is not plain
    undrawn = set(range(len(elements)))
    for branch, name in zip(branches, names):
        unpacking = operand_unpacking(branch, name) if name is not None else None
        if unpacking is None or len(unpacking[0]) != len(elements):
            return set()
        targets, line = unpacking
        undrawn = {i for i in undrawn if not unpacked_key_consumed(
            resolver, index, branch, targets[i], line)}
    return {id(elements[i].value) for i in undrawn}


def _branch_units(resolver: Resolver, call: cst.Call, qualname: str,
                  unit: Unit | None) -> list[Unit] | None:
    if qualname == "jax.lax.cond":
        exprs = [call.args[1].value, call.args[2].value]
    else:
        listed = call.args[1].value
        if not isinstance(listed, (cst.List, cst.Tuple)):
            return None
        exprs = [element.value for element in listed.elements]
    found = [resolver.function(expr, unit) for expr in exprs]
    return None if not found or any(b is None for b in found) else [b for b in found if b]


def positional_name(function: Unit, position: int) -> str | None:
    """The parameter of ``function`` (a branch, a loop's body) the operand at ``position``
    arrives in (None: a ``*args`` or no such parameter, which the operand may reach some
    other way)."""
    if any(p.star for p in function.params):
        return None
    positional = [p for p in function.params if p.index >= 0]
    return positional[position].name if position < len(positional) else None
