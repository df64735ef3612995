"""Assertions in a block: which statements check what, for the key analysis.

A key fed twice on purpose shows in what the test does with the two results: it asserts on
them, or compares one with the other. These are syntactic questions about the statements
of a body, apart from the walk that tracks keys (flow/keys.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

import libcst as cst

from jaxpure.analysis.catalog import random as R
from jaxpure.analysis.syntax import children, push_children, reads_any, statements, target_names


def statements_in_order(body: Sequence[cst.CSTNode]) -> Iterator[cst.CSTNode]:
    """The simple statements of ``body`` in order, nested blocks included, with the tests
    of ``if``/``while`` and the headers of ``for`` (the ``For`` node) before their bodies;
    definitions are skipped (their bodies do not run here)."""
    for statement in body:
        if type(statement) is cst.SimpleStatementLine:
            yield statement
        elif isinstance(statement, (cst.If, cst.While)):
            yield statement.test
            yield from statements_in_order(statements(statement.body))
            orelse = statement.orelse
            if type(orelse) is cst.If:
                yield from statements_in_order([orelse])
            elif orelse is not None:
                yield from statements_in_order(statements(orelse.body))
        elif type(statement) is cst.For:
            yield statement
            yield from statements_in_order(statements(statement.body))
        elif isinstance(statement, (cst.With, cst.Try)):
            yield from statements_in_order(statements(statement.body))


def compares(line: cst.CSTNode) -> bool:
    """A statement that asserts or compares: ``assert a == b``, ``assert_allclose(a, b)``,
    ``ok = jnp.allclose(a, b)``, ``jax.tree.map(assert_close, a, b)``."""
    stack: list[cst.CSTNode] = [line]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.Assert, cst.Comparison)):
            return True
        name = node.value if type(node) is cst.Name else \
            node.attr.value if type(node) is cst.Attribute else None
        if name is not None and (R.is_assertion(name) or COMPARING.search(name)):
            return True
        if not isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            push_children(node, stack)
    return False


COMPARING = re.compile(r"(?:allclose|isclose|equal|_close)$", re.IGNORECASE)


def assigned_names(line: cst.CSTNode) -> set[str]:
    """The names a one-assignment line binds (``state = reset(key)``)."""
    small = line.body if type(line) is cst.SimpleStatementLine else ()
    if len(small) != 1 or type(small[0]) is not cst.Assign:
        return set()
    return {name for t in small[0].targets for name in target_names(t.target)}


def results_compared(body: Sequence[cst.CSTNode], first: cst.CSTNode, second: cst.CSTNode) -> bool:
    """Whether, in ``body``, what the line ``first`` computes and what the later line
    ``second`` computes are checked against each other: an assertion or comparison with one
    operand made from the first's results only and another from the second's only
    (``actual = joint.sample(seed=key)``, ``expected = dist.sample(seed=subkey)`` after
    ``subkey = split(key)``, then ``assert_allclose(actual, expected)``), or their
    difference bounded by a tolerance (``diff = abs(ref_out - cand_out)``, ``assert
    max(diff) < 1e-2``: two variants run on one key, wax-ml's tests). Two results made into
    one value otherwise and asserted on (``assert_allclose(f(x, y), ...)``) are not compared
    with each other, so a key slip that feeds both stays a slip."""
    lines = list(statements_in_order(body))
    at = {id(line): n for n, line in enumerate(lines)}
    if id(first) not in at or id(second) not in at or at[id(first)] >= at[id(second)]:
        return False
    from_first, from_second = assigned_names(first), assigned_names(second)
    if not from_first or not from_second:
        return False
    differences: set[str] = set()  # names holding a difference of the two
    for line in lines[at[id(first)] + 1:]:
        if line is second:
            continue
        if _compares_apart(line, from_first, from_second, differences):
            return True
        made = set(target_names(line.target)) if type(line) is cst.For else assigned_names(line)
        source = _source(line)
        if made and _difference(source, from_first, from_second, differences):
            differences = differences | made
        if made and reads_any(source, from_first):
            from_first = from_first | made
        if made and reads_any(source, from_second):
            from_second = from_second | made
    return False


def made_from(body: Sequence[cst.CSTNode], first: cst.CSTNode, second: cst.CSTNode) -> set[str]:
    """The names that hold, when the line ``second`` of ``body`` runs, what the earlier line
    ``first`` computed: its targets, and those of the assignments in between that read them
    (``x = normal(key, s)``, then ``x = x.reshape(n, -1)``); a name bound anew from
    something else is dropped."""
    lines = list(statements_in_order(body))
    at = {id(line): n for n, line in enumerate(lines)}
    if id(first) not in at or id(second) not in at or at[id(first)] >= at[id(second)]:
        return set()
    names = assigned_names(first)
    for line in lines[at[id(first)] + 1:at[id(second)]]:
        made = set(target_names(line.target)) if type(line) is cst.For else assigned_names(line)
        names = names | made if reads_any(_source(line), names) else names - made
    return names


def _source(line: cst.CSTNode) -> cst.CSTNode:
    """What a line of :func:`statements_in_order` reads to make what it binds: the value of
    a one-assignment line, the iterable of a ``for`` (not its targets: ``out_b, _ = ...``
    does not read the ``_`` an earlier line bound)."""
    if type(line) is cst.For:
        return line.iter
    small = line.body if type(line) is cst.SimpleStatementLine else ()
    return small[0].value if len(small) == 1 and type(small[0]) is cst.Assign else line


def _compares_apart(line: cst.CSTNode, one: set[str], other: set[str],
                    differences: set[str]) -> bool:
    """``line`` asserts or compares an operand made from ``one`` only with an operand made
    from ``other`` only, or a difference of the two with an operand made from neither (a
    tolerance: ``assert max_diff < 1e-2``)."""
    for operands in _checked_operands(line):
        reads = [(reads_any(o, one), reads_any(o, other)) for o in operands]
        if (True, False) in reads and (False, True) in reads:
            return True
        if (False, False) in reads and any(_difference(o, one, other, differences)
                                           for o in operands):
            return True
    return False


def _difference(node: cst.CSTNode, one: set[str], other: set[str], differences: set[str]) -> bool:
    """``node`` reads a difference of the two results: a name holding one, or ``a - b``
    with ``a`` made from ``one`` only and ``b`` from ``other`` only (or the other way)."""
    if reads_any(node, differences):
        return True
    stack = [node]
    while stack:
        current = stack.pop()
        if type(current) is cst.BinaryOperation and type(current.operator) is cst.Subtract:
            sides = {(reads_any(side, one), reads_any(side, other))
                     for side in (current.left, current.right)}
            if sides == {(True, False), (False, True)}:
                return True
        if not isinstance(current, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            push_children(current, stack)
    return False


def _checked_operands(line: cst.CSTNode) -> Iterator[list[cst.CSTNode]]:
    """The operands of each assertion call in ``line`` and of each comparison an ``assert``
    makes (a comparison that computes, ``accept = log(u) < log_ratio``, checks nothing)."""
    stack: list[tuple[cst.CSTNode, bool]] = [(line, False)]
    while stack:
        node, asserted = stack.pop()
        if type(node) is cst.Comparison and asserted:
            yield [node.left, *(c.comparator for c in node.comparisons)]
        elif type(node) is cst.Call:
            func = node.func
            name = func.value if type(func) is cst.Name else \
                func.attr.value if type(func) is cst.Attribute else ""
            if R.is_assertion(name) or COMPARING.search(name):
                yield [a.value for a in node.args if a.keyword is None]
            elif name == "map" and node.args and _names_assertion(node.args[0].value):
                yield [a.value for a in node.args[1:] if a.keyword is None]  # tree.map(assert_close, a, b)
        if not isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            inner = asserted or type(node) is cst.Assert
            stack.extend((child, inner) for child in children(node))


def _names_assertion(node: cst.BaseExpression) -> bool:
    name = node.value if type(node) is cst.Name else \
        node.attr.value if type(node) is cst.Attribute else ""
    return R.is_assertion(name) or bool(COMPARING.search(name))
