"""A function's own statements: the blocks of compound statements, its returns, its
assignments, and how a block is left."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import cast

import libcst as cst

from jaxpure.analysis.syntax.nodes import push_children, target_names
from jaxpure.analysis.syntax.paths import target_paths


def statements(body: cst.BaseSuite) -> tuple[cst.BaseStatement | cst.BaseSmallStatement, ...]:
    """The statements of a suite, flattening ``a = 1; b = 2`` lines."""
    if type(body) is cst.SimpleStatementSuite:
        return tuple(body.body)
    return tuple(body.body)


COMPOUND = (cst.If, cst.For, cst.While, cst.With, cst.Try, cst.Else, cst.ExceptHandler,
            cst.Finally, cst.Match, cst.MatchCase)


def inner_statements(node: cst.CSTNode) -> list[cst.CSTNode]:
    """What a compound statement runs in the same function: its body, `else`/`elif`,
    handlers, `finally` and a `match`'s cases (not nested functions or classes); [] for
    anything else."""
    # exact types: libcst's node classes are ABCs, and isinstance on them is slow here
    if type(node) not in _COMPOUND_TYPES:
        return []
    return _blocks(node)


def _blocks(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The statements and clauses a compound statement (or clause) holds."""
    found: list[cst.CSTNode] = []
    for name in ("body", "orelse", "handlers", "finalbody", "cases"):
        value = getattr(node, name, None)
        kind = type(value)
        if kind is cst.IndentedBlock or kind is cst.SimpleStatementSuite:
            found.extend(statements(value))  # type: ignore[arg-type]
        elif kind is cst.If or kind is cst.Else or kind is cst.Finally:
            found.append(value)  # type: ignore[arg-type]
        elif kind is tuple or kind is list:
            found.extend(value)  # type: ignore[arg-type]
    return found


_COMPOUND_TYPES = frozenset(COMPOUND)
# inner_statements leaves out `try: ... except* E:` (its callers never read one); a function's
# own statements take every block
_BLOCK_TYPES = _COMPOUND_TYPES | {cst.TryStar, cst.ExceptStarHandler}


def own_statements(body: cst.BaseSuite, nested: bool = False) -> list[cst.BaseSmallStatement]:
    """The small statements (``x = 1``, ``return x``, ``del d[k]``) of a function body and of
    every block in it (branches, loop bodies and their ``else``, handlers, ``finally``,
    ``match`` cases, one-line suites), in source order but for a ``try``'s ``else``, listed
    before its handlers. Not those of the functions and classes it defines, unless
    ``nested``: then theirs too."""
    found: list[cst.BaseSmallStatement] = []
    _collect_own(statements(body), nested, found)
    return found


def own_returns(function: cst.FunctionDef) -> list[cst.Return]:
    """The ``return`` statements of ``function`` itself, not of the functions it defines."""
    return [s for s in own_statements(function.body) if type(s) is cst.Return]


def own_loops(body: cst.BaseSuite) -> list[cst.For]:
    """The ``for`` statements of a function body and of every block in it, not of the
    functions and classes it defines."""
    found: list[cst.For] = []
    pending: list[cst.CSTNode] = list(statements(body))
    while pending:
        node = pending.pop()
        if type(node) is cst.For:
            found.append(node)
        if type(node) in _BLOCK_TYPES:
            pending.extend(_blocks(node))
    return found


def _collect_own(nodes: Sequence[cst.CSTNode], nested: bool,
                 found: list[cst.BaseSmallStatement]) -> None:
    for node in nodes:
        if type(node) is cst.SimpleStatementLine:
            found.extend(node.body)
        elif type(node) is cst.FunctionDef or type(node) is cst.ClassDef:
            if nested:
                _collect_own(statements(node.body), nested, found)
        elif type(node) in _BLOCK_TYPES:
            _collect_own(_blocks(node), nested, found)
        elif isinstance(node, cst.BaseSmallStatement):  # of a one-line suite: `if x: return y`
            found.append(node)


def returned_values(node: cst.FunctionDef | cst.Lambda) -> list[cst.BaseExpression]:
    """The expressions a function returns (a lambda's body; `return` values of a def)."""
    if isinstance(node, cst.Lambda):
        return [node.body]
    found: list[cst.BaseExpression] = []
    stack: list[cst.CSTNode] = list(statements(node.body))
    while stack:
        current = stack.pop()
        if isinstance(current, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        if type(current) is cst.Return and current.value is not None:
            found.append(current.value)
            continue
        if type(current) is cst.SimpleStatementLine:
            stack.extend(current.body)
        else:
            stack.extend(inner_statements(current))
    return found


def single_assignment(body: cst.BaseSuite, name: str) -> cst.BaseExpression | None:
    """The value of ``name = value`` (or ``name: T = value``) anywhere in a function body,
    outside nested functions and classes."""
    statement = assignment_of(body, name)
    return statement.value if statement is not None else None


def declared_type(body: cst.BaseSuite, name: str) -> cst.BaseExpression | None:
    """The annotation of ``name: T = value`` (or ``name: T``) in a function body."""
    statement = assignment_of(body, name, annotated=True)
    return statement.annotation.annotation if type(statement) is cst.AnnAssign else None


def assignment_of(body: cst.BaseSuite, name: str,
                  annotated: bool = False) -> cst.Assign | cst.AnnAssign | None:
    """The first plain (or, with ``annotated``, annotated) assignment to ``name`` found in
    a function body, outside nested functions and classes."""
    for current in assignments_in(body):
        if type(current) is cst.Assign:
            if not annotated and len(current.targets) == 1 \
                    and type(current.targets[0].target) is cst.Name \
                    and current.targets[0].target.value == name:
                return current
        elif type(current) is cst.AnnAssign and type(current.target) is cst.Name \
                and current.target.value == name:
            return current
    return None


def assignments_in(body: cst.BaseSuite) -> Iterator[cst.Assign | cst.AnnAssign]:
    """Every assignment statement of a function body, outside nested functions and classes
    (the last written first)."""
    stack: list[cst.CSTNode] = list(statements(body))
    while stack:
        current = stack.pop()
        if type(current) is cst.SimpleStatementLine:
            stack.extend(current.body)
        elif type(current) is cst.Assign or type(current) is cst.AnnAssign:
            yield current
        else:
            stack.extend(inner_statements(current))


def lazily_initialised(function: cst.FunctionDef, name: str) -> bool:
    """Every store to ``name`` in ``function`` sits under ``if name is None:`` (or ``if not
    name:``): the lazy initialisation of a memo, which sets it once and never changes it."""
    stored = False
    stack: list[tuple[cst.CSTNode, bool]] = [(s, False) for s in statements(function.body)]
    while stack:
        current, guarded = stack.pop()
        if type(current) is cst.SimpleStatementLine:
            stack.extend((small, guarded) for small in current.body)
        elif isinstance(current, (cst.Assign, cst.AnnAssign, cst.AugAssign)):
            targets = [t.target for t in current.targets] if isinstance(current, cst.Assign) \
                else [current.target]
            if any(name in target_names(t) for t in targets):
                if not guarded or type(current) is cst.AugAssign:
                    return False
                stored = True
        elif type(current) is cst.If:
            inside = guarded or _tests_unset(current.test, name)
            stack.extend((s, inside) for s in statements(current.body))
            if current.orelse is not None:
                stack.append((current.orelse, guarded))
        else:
            stack.extend((s, guarded) for s in inner_statements(current))
    return stored


def _tests_unset(test: cst.BaseExpression, name: str) -> bool:
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
        return type(test.expression) is cst.Name and test.expression.value == name
    return type(test) is cst.Comparison and type(test.left) is cst.Name \
        and test.left.value == name and len(test.comparisons) == 1 \
        and type(test.comparisons[0].operator) is cst.Is \
        and type(test.comparisons[0].comparator) is cst.Name \
        and test.comparisons[0].comparator.value == "None"


def assigned_in(body: cst.CSTNode) -> set[str]:
    """Names bound anywhere in a loop body (not descending into nested functions)."""
    names: set[str] = set()
    stack: list[cst.CSTNode] = [body]
    while stack:
        node = stack.pop()
        t = type(node)
        if t in (cst.FunctionDef, cst.Lambda, cst.ClassDef):
            continue
        if type(node) is cst.AssignTarget:
            names.update(target_names(node.target))
            # `self.key, sub = split(self.key)` rebinds the key kept in self.key
            names.update(target_paths(node.target))
        elif type(node) is cst.AugAssign or type(node) is cst.AnnAssign:
            names.update(target_names(node.target))
        elif type(node) is cst.For or type(node) is cst.CompFor:
            names.update(target_names(node.target))
        elif type(node) is cst.NamedExpr:
            names.update(target_names(node.target))
        push_children(node, stack)
    return names


def rebound_in(statement: cst.CSTNode) -> set[str]:
    """The names a statement may bind, in its blocks too (not in the functions it defines):
    assignments, loop targets, ``with ... as``, ``except ... as``, imports, ``del``,
    definitions, and names declared ``global``/``nonlocal`` (bound by whatever it calls)."""
    names = assigned_in(statement)
    stack: list[cst.CSTNode] = [statement]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            names.add(node.name.value)
            continue
        if type(node) is cst.Lambda:
            continue
        if type(node) is cst.AsName:
            names.update(target_names(node.name))
        elif type(node) is cst.ImportAlias and node.asname is None:
            names.add(node.evaluated_name.split(".")[0])
        elif type(node) is cst.Del:
            names.update(target_names(node.target))
        elif isinstance(node, (cst.Global, cst.Nonlocal)):
            names.update(item.name.value for item in node.names)
        push_children(node, stack)
    return names


def leaves_loop(statement: cst.CSTNode) -> bool:
    return type(statement) is cst.SimpleStatementLine and bool(statement.body) and \
        isinstance(statement.body[-1], (cst.Return, cst.Break, cst.Raise))


def ends_by_leaving(body: cst.BaseSuite) -> bool:
    """The block ends by leaving: ``return``, ``raise``, ``continue`` or ``break``."""
    last = statements(body)[-1] if statements(body) else None
    return type(last) is cst.SimpleStatementLine and isinstance(
        last.body[-1], (cst.Return, cst.Raise, cst.Continue, cst.Break))


def leaving_block(body: Sequence[cst.CSTNode]) -> type[cst.Break] | type[cst.Return] | None:
    """How a block of a loop's body (its statements) leaves the loop once entered: by
    ``break`` (the innermost loop: cst.Break) or by ``return``/``raise`` (every loop around
    it: cst.Return). Its statements then run at most once per run of that loop, not once per
    iteration. None when the block may end otherwise or holds a ``continue`` of its own loop,
    which brings the loop round again."""
    last = body[-1] if body else None
    if last is None or not leaves_loop(last) or _continues(body):
        return None
    ending = cast(cst.SimpleStatementLine, last).body[-1]
    return cst.Break if type(ending) is cst.Break else cst.Return


def _continues(body: Sequence[cst.CSTNode]) -> bool:
    """A ``continue`` of the loop around ``body`` in it (not one of a loop nested in it,
    though that loop's ``else`` continues the outer one)."""
    stack: list[cst.CSTNode] = list(body)
    while stack:
        node = stack.pop()
        t = type(node)
        if t is cst.Continue:
            return True
        if t is cst.FunctionDef or t is cst.ClassDef or t is cst.Lambda:
            continue
        if t is cst.For or t is cst.While:
            if node.orelse is not None:  # type: ignore[attr-defined]
                stack.append(node.orelse)  # type: ignore[attr-defined]
            continue
        if isinstance(node, cst.BaseExpression):
            continue  # no statement inside an expression
        push_children(node, stack)
    return False
