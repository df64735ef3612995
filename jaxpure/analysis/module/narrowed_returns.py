"""A method's returns with what ``isinstance`` tests on its own fields say at each.

``if isinstance(self.grid, RectilinearGrid): return self.grid.cfl_time_step(...)``: the
value returned there reads the field as an instance of the class tested, whatever else
the field's annotation allows (fdtdx's ``grid: UniformGrid | QuasiUniformGrid |
RectilinearGrid``, one branch per class). Class facts (class_facts.py) judge each return
under its tests.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import libcst as cst

from jaxpure.analysis.syntax import inner_statements, statements

# a field of ``self`` -> the class expressions one of which it holds on this path
Narrowed = Mapping[str, tuple[cst.BaseExpression, ...]]


def narrowed_returns(node: cst.FunctionDef,
                     self_name: str) -> list[tuple[cst.BaseExpression, Narrowed]]:
    """The values the method returns (those of returned_values), each with the fields of
    ``self_name`` an enclosing ``if isinstance(self.<field>, C)`` narrows."""
    found: list[tuple[cst.BaseExpression, Narrowed]] = []
    _walk(statements(node.body), {}, self_name, found)
    return found


def _walk(nodes: Sequence[cst.CSTNode], narrowed: Narrowed, self_name: str,
          found: list[tuple[cst.BaseExpression, Narrowed]]) -> None:
    for current in nodes:
        kind = type(current)
        if kind is cst.FunctionDef or kind is cst.ClassDef:
            continue
        if kind is cst.Return:
            if current.value is not None:  # type: ignore[attr-defined]
                found.append((current.value, narrowed))  # type: ignore[attr-defined]
        elif kind is cst.SimpleStatementLine:
            _walk(current.body, narrowed, self_name, found)  # type: ignore[attr-defined]
        elif kind is cst.If:
            tested = _field_test(current.test, self_name)  # type: ignore[attr-defined]
            inner = {**narrowed, **tested} if tested else narrowed
            _walk(statements(current.body), inner, self_name, found)  # type: ignore[attr-defined]
            if current.orelse is not None:  # type: ignore[attr-defined]
                _walk([current.orelse], narrowed, self_name, found)  # type: ignore[attr-defined]
        else:
            _walk(inner_statements(current), narrowed, self_name, found)


def _field_test(test: cst.BaseExpression, self_name: str) -> dict[str, tuple[cst.BaseExpression, ...]]:
    """``isinstance(self.grid, C)`` / ``isinstance(self.grid, (C, D))``: {"grid": classes}."""
    if type(test) is not cst.Call or type(test.func) is not cst.Name \
            or test.func.value != "isinstance" or len(test.args) != 2 \
            or any(a.keyword is not None or a.star for a in test.args):
        return {}
    held, classes = test.args[0].value, test.args[1].value
    if type(held) is not cst.Attribute or type(held.value) is not cst.Name \
            or held.value.value != self_name:
        return {}
    items = tuple(e.value for e in classes.elements) if type(classes) is cst.Tuple else (classes,)
    return {held.attr.value: items}
