"""Draws gated by an argument: a helper that draws from its key only when another argument
is None, and hands back what it drew in that argument's place.

``loc_scale(params, rng=None, mixture=None)`` draws a mixture component from ``rng`` under
``if mixture is None:`` and returns the mixture it used; it returns ``None`` there only on
a branch exclusive with the draw. A caller that passes back what a first call returned
(``loc_scale(uncond, rng, mixture=mixture)``) draws the second time only on the path where
the first drew nothing: the two draws are on mutually exclusive paths, not one key drawn
twice.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.syntax import (
    enclosing_nodes, names_in, none_test, on_exclusive_branches, returned_values, single_assignment,
)

__all__ = ["draw_gate", "drawn_only_where_first_did_not"]


def draw_gate(unit: Unit, key: str) -> tuple[str, int] | None:
    """(``gate``, position) when the function ``unit`` reads its key parameter ``key`` only
    under ``if gate is None:`` (``gate`` a parameter that defaults to None), fills ``gate``
    there, and returns a tuple holding ``gate`` at that position, or ``None`` only on
    returns exclusive with that branch."""
    node = unit.node
    if type(node) is not cst.FunctionDef:
        return None
    gates = {id(_gating_if(node, read, unit)): _gating_if(node, read, unit)
             for read in names_in(node.body, attributes=False) if read.value == key}
    if len(gates) != 1 or None in gates.values():
        return None
    gate_if = next(iter(gates.values()))
    assert gate_if is not None
    gate_param = _gated_name(gate_if)
    assert gate_param is not None
    filled = single_assignment(gate_if.body, gate_param)
    if filled is None or type(filled) is cst.Name and filled.value == "None":
        return None
    return _returned_position(node, gate_if, gate_param)


def _gating_if(function: cst.FunctionDef, read: cst.Name, unit: Unit) -> cst.If | None:
    """The innermost ``if p is None:`` whose body holds ``read``, ``p`` a parameter of
    ``unit`` defaulting to None."""
    path = enclosing_nodes(function, read) + [read]
    for outer, inner in reversed(list(zip(path, path[1:]))):
        if type(outer) is cst.If and inner is outer.body:
            name = _gated_name(outer)
            param = unit.param(name) if name is not None else None
            if param is not None and type(param.default) is cst.Name \
                    and param.default.value == "None":
                return outer
    return None


def _gated_name(statement: cst.If) -> str | None:
    tested = none_test(statement.test)
    return tested[0] if tested is not None and tested[1] else None


def _returned_position(function: cst.FunctionDef, gate_if: cst.If, gate: str) -> tuple[str, int] | None:
    """The one position every return of ``function`` holds ``gate`` at, or ``None`` on a
    branch exclusive with ``gate_if``."""
    returned = returned_values(function)
    positions: set[int] = set()
    for value in returned:
        if type(value) is not cst.Tuple:
            return None
        for position, element in enumerate(value.elements):
            if type(element.value) is cst.Name and element.value.value == gate:
                positions.add(position)
    if len(positions) != 1:
        return None
    position = positions.pop()
    for value in returned:
        assert type(value) is cst.Tuple
        held = value.elements[position].value if position < len(value.elements) else None
        if type(held) is cst.Name and held.value == gate:
            continue
        if not (type(held) is cst.Name and held.value == "None"
                and on_exclusive_branches(function, value, gate_if)):
            return None
    return gate, position


def drawn_only_where_first_did_not(callee: Unit, call: cst.Call, key: str,
                                   first: cst.CSTNode, caller: Unit | None,
                                   first_callee: Unit | None) -> bool:
    """Whether ``call`` (of ``callee``, given the key for its parameter ``key``) draws
    only on the path where ``first``, the call of the same function that consumed the key,
    drew nothing: it passes for the gate what ``first`` returned in its place
    (``*_, mixture = loc_scale(cond, rng)``, then ``loc_scale(uncond, rng,
    mixture=mixture)``), a name bound nowhere else."""
    gate = draw_gate(callee, key)
    passed = callee.arguments_of(call)
    if gate is None or passed is None or first_callee is not callee or caller is None \
            or type(caller.node) is not cst.FunctionDef:
        return False
    name, position = gate
    value = passed.get(name)
    if type(value) is not cst.Name or caller.assigned.get(value.value) != 1:
        return False
    path = enclosing_nodes(caller.node, first)
    statement = path[-1] if path else None
    if type(statement) is not cst.Assign or statement.value is not first \
            or len(statement.targets) != 1:
        return False
    target = statement.targets[0].target
    return isinstance(target, (cst.Tuple, cst.List)) and position < len(target.elements) \
        and type(target.elements[position].value) is cst.Name \
        and target.elements[position].value.value == value.value  # type: ignore[attr-defined]
