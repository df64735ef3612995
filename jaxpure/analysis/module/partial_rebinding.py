"""A local function rebound to a ``functools.partial`` of itself before a transform takes it.

jax-md's neighbour list (and jax-sph's copies) binds the list's static capacity into its
rebuild function and hands the rebound name to ``lax.cond``::

    def neighbor_fn(position_and_error, max_occupancy=None): ...
    neighbor_fn = partial(neighbor_fn, max_occupancy=nbrs.max_occupancy)
    return lax.cond(pred, operand, neighbor_fn, nbrs, lambda x: x)

The name at the ``cond`` holds the partial, not the bare function: the keyword is bound
(a Python value in the trace) as it is when the ``partial(...)`` is written inline.
This is said only when the rebinding surely runs before the use and nothing rebinds the
name in between: the rebinding is a statement of the function's own body (not under an
``if`` or a loop) before the statement holding the use, and the name's only other binding
is the ``def`` it rebinds, written before the rebinding.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.syntax import assigned_in, push_children, contains, statements

_PARTIAL = "functools.partial"


def partial_held(unit: Unit, name: str, use: cst.CSTNode, resolver: Resolver) -> cst.Call | None:
    """The ``functools.partial(name, ...)`` call the local ``name`` of ``unit`` holds at
    ``use`` (a node of ``unit``'s body), when a rebinding of it surely reaches there."""
    node = unit.node
    if type(node) is not cst.FunctionDef or name not in unit.nested:
        return None
    body = statements(node.body)
    at = next((i for i, statement in enumerate(body) if contains(statement, use)), None)
    if at is None:
        return None
    for i in range(at - 1, -1, -1):
        statement = body[i]
        if name not in _binds(statement):
            continue
        call = _rebinding(statement, name, resolver, unit)
        if call is None or name in _binds_between(body, i + 1, at + 1):
            return None
        defined = [j for j, s in enumerate(body) if name in _binds(s)]
        if defined != [_def_position(body, name), i] or defined[0] >= i:
            return None
        return call
    return None


def _binds(statement: cst.CSTNode) -> set[str]:
    """The names a statement of the body binds: by assignment, ``def``, ``class`` or
    import, in its blocks too (not inside the functions and classes it defines)."""
    found = assigned_in(statement)
    stack: list[cst.CSTNode] = [statement]
    while stack:
        current = stack.pop()
        if type(current) is cst.FunctionDef or type(current) is cst.ClassDef:
            found.add(current.name.value)
            continue
        if type(current) is cst.Lambda:
            continue
        if type(current) is cst.ImportAlias:
            bound = current.asname.name if current.asname is not None else current.name
            if type(bound) is cst.Name:
                found.add(bound.value)
            continue
        push_children(current, stack)
    return found


def _binds_between(body: tuple[cst.CSTNode, ...], start: int, end: int) -> set[str]:
    found: set[str] = set()
    for statement in body[start:end]:
        found |= _binds(statement)
    return found


def _def_position(body: tuple[cst.CSTNode, ...], name: str) -> int:
    return next((i for i, s in enumerate(body)
                 if type(s) is cst.FunctionDef and s.name.value == name), -1)


def _rebinding(statement: cst.CSTNode, name: str, resolver: Resolver,
               unit: Unit) -> cst.Call | None:
    """``name = partial(name, ...)`` as a whole simple statement: the partial call."""
    if type(statement) is not cst.SimpleStatementLine or len(statement.body) != 1:
        return None
    small = statement.body[0]
    if type(small) is not cst.Assign or len(small.targets) != 1 \
            or type(small.targets[0].target) is not cst.Name \
            or small.targets[0].target.value != name:
        return None
    value = small.value
    if type(value) is not cst.Call or not value.args or value.args[0].keyword is not None \
            or value.args[0].star or type(value.args[0].value) is not cst.Name \
            or value.args[0].value.value != name \
            or resolver.qualname(value.func, unit) != _PARTIAL:
        return None
    return value
