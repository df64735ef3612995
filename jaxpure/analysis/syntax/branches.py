"""Where a node sits in a function: the nodes around it, the tests and handlers guarding it,
and whether two nodes lie on paths no single run takes both of."""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.syntax.blocks import statements
from jaxpure.analysis.syntax.nodes import children


def enclosing_if_tests(function: cst.CSTNode, node: cst.CSTNode) -> list[cst.BaseExpression]:
    """The tests of the ``if``/``elif`` statements of ``function`` whose bodies hold
    ``node`` (outermost first; [] when ``node`` is not under one)."""
    return [n.test for n in enclosing_nodes(function, node) if type(n) is cst.If]


def enclosing_try_handlers(function: cst.CSTNode, node: cst.CSTNode) -> list[cst.ExceptHandler]:
    """The ``except`` clauses of the ``try`` statements whose bodies hold ``node``."""
    path = enclosing_nodes(function, node)
    found: list[cst.ExceptHandler] = []
    for outer, inner in zip(path, path[1:] + [node]):
        if type(outer) is cst.Try and inner is outer.body:
            found.extend(outer.handlers)
    return found


def handler_catches(handler: cst.ExceptHandler | cst.ExceptStarHandler, names: frozenset[str]) -> bool:
    """A bare ``except``, or one naming one of ``names`` (``except (TypeError, KeyError)``)."""
    if handler.type is None:
        return True
    types = handler.type.elements if type(handler.type) is cst.Tuple else [handler.type]
    for element in types:
        expr = element.value if type(element) is cst.Element else element
        name = expr.attr.value if type(expr) is cst.Attribute else \
            expr.value if type(expr) is cst.Name else None
        if name in names:
            return True
    return False


def on_exclusive_branches(function: cst.CSTNode, a: cst.CSTNode, b: cst.CSTNode) -> bool:
    """Whether no run of ``function`` reaches both ``a`` and ``b`` (pyflakes'
    ``differentForks``): they sit in the two branches of one ``if``/``else``, or one sits in
    the body of an ``if`` that ends by returning (or raising) and the other after it."""
    path_a = enclosing_nodes(function, a) + [a]
    path_b = enclosing_nodes(function, b) + [b]
    for depth, (outer, inner_a, inner_b) in enumerate(zip(path_a, path_a[1:], path_b[1:])):
        if path_b[depth] is not outer:
            return False
        if inner_a is not inner_b:
            if type(outer) is cst.If:
                return {id(inner_a), id(inner_b)} == {id(outer.body), id(outer.orelse)}
            return _left_before(path_a[depth + 1:], path_b[depth + 1:], outer)
    return False


def _left_before(path_a: list[cst.CSTNode], path_b: list[cst.CSTNode],
                 block: cst.CSTNode) -> bool:
    """Of two statements of ``block`` (the heads of the two paths), whether the earlier is
    an ``if`` whose body, holding its path, ends by leaving the function."""
    body = list(getattr(block, "body", ()))
    if not all(any(node is path[0] for node in body) for path in (path_a, path_b)):
        return False
    first = path_a if _position(body, path_a[0]) < _position(body, path_b[0]) else path_b
    statement = first[0]
    if type(statement) is not cst.If or len(first) < 2 or first[1] is not statement.body:
        return False
    last = statements(statement.body)[-1] if statements(statement.body) else None
    return type(last) is cst.SimpleStatementLine and isinstance(
        last.body[-1], (cst.Return, cst.Raise))


def _position(body: list[cst.CSTNode], node: cst.CSTNode) -> int:
    return next(i for i, each in enumerate(body) if each is node)


def none_test(test: cst.BaseExpression) -> tuple[str, bool] | None:
    """``x is None`` -> (x, True), ``x is not None`` -> (x, False): whether the test holding
    means ``x`` is None."""
    if type(test) is not cst.Comparison or type(test.left) is not cst.Name \
            or len(test.comparisons) != 1:
        return None
    comparison = test.comparisons[0]
    if type(comparison.comparator) is not cst.Name or comparison.comparator.value != "None":
        return None
    if type(comparison.operator) is cst.Is:
        return test.left.value, True
    if type(comparison.operator) is cst.IsNot:
        return test.left.value, False
    return None


def enclosing_nodes(function: cst.CSTNode, node: cst.CSTNode) -> list[cst.CSTNode]:
    """The nodes of ``function``'s body between it and ``node`` (outermost first)."""
    path: list[cst.CSTNode] = []

    def holds(current: cst.CSTNode) -> bool:
        if current is node:
            return True
        for child in children(current):
            if holds(child):
                path.append(current)
                return True
        return False

    body = getattr(function, "body", None)
    if body is None or not holds(body):
        return []
    return list(reversed(path))
