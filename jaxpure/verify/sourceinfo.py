"""What the checks need to know from the source text (pure Python, ``ast`` only).

- which module globals or enclosing-function variables can change after tracing (JXP101's
  notion: rebound somewhere), so that the stale-globals check does not change values that are
  bound once and never change;
- whether a line sits in a loop body (JXP302 rather than JXP301);
- which callable function or method encloses a line (to verify the function a finding is in).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import lru_cache

LOOP_BODY_TAKERS = frozenset({"scan", "fori_loop", "while_loop", "map", "associative_scan"})
FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef


@lru_cache(maxsize=64)
def parse_file(filename: str) -> ast.Module | None:
    try:
        with open(filename, "rb") as handle:
            return ast.parse(handle.read(), filename)
    except (OSError, SyntaxError, ValueError):
        return None


def _bound_names(target: ast.AST) -> list[str]:
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, (ast.Tuple, ast.List)):
        return [name for elt in target.elts for name in _bound_names(elt)]
    if isinstance(target, ast.Starred):
        return _bound_names(target.value)
    return []


def _scope_bindings(body: list[ast.stmt]) -> dict[str, int]:
    """How many times each name is bound directly in a scope (not inside nested functions)."""
    counts: dict[str, int] = {}

    def add(name: str, times: int = 1) -> None:
        counts[name] = counts.get(name, 0) + times

    def visit(node: ast.AST) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            add(node.name)
            for decorator in node.decorator_list:
                visit(decorator)
            return  # nested scopes bind their own names
        if isinstance(node, ast.Lambda):
            return
        if isinstance(node, ast.Assign):
            for target in node.targets:
                for name in _bound_names(target):
                    add(name)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)) and node.value is not None:
            for name in _bound_names(node.target):
                # an augmented assignment is a second binding by itself
                add(name, 2 if isinstance(node, ast.AugAssign) else 1)
        elif isinstance(node, (ast.For, ast.AsyncFor)):
            for name in _bound_names(node.target):
                add(name, 2)
        elif isinstance(node, ast.Delete):
            for target in node.targets:
                for name in _bound_names(target):
                    add(name, 2)
        elif isinstance(node, ast.NamedExpr):
            add(node.target.id)
        for child in ast.iter_child_nodes(node):
            visit(child)

    for statement in body:
        visit(statement)
    return counts


def _declared_writes(tree: ast.AST, keyword: type[ast.Global] | type[ast.Nonlocal]) -> set[str]:
    """Names declared ``global``/``nonlocal`` and assigned in some function."""
    written: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            declared = {name for stmt in ast.walk(node) if isinstance(stmt, keyword) for name in stmt.names}
            if declared:
                bound = _scope_bindings(node.body)
                written |= {name for name in declared if name in bound}
    return written


MUTATING_METHODS = frozenset({
    "append", "extend", "insert", "pop", "popitem", "remove", "clear", "update", "setdefault",
    "add", "discard", "sort", "reverse", "__setitem__", "fill", "put", "resize", "itemset",
    "appendleft", "extendleft", "popleft", "difference_update", "intersection_update",
    "symmetric_difference_update",
})


def _base_name(node: ast.AST) -> str | None:
    while isinstance(node, (ast.Subscript, ast.Attribute)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def mutated_names(tree: ast.AST) -> set[str]:
    """Names whose object is changed in place somewhere: ``x[k] = v``, ``x.attr = v``,
    ``x[k] += v``, ``del x[k]``, ``x.append(...)`` and the other mutating methods."""
    found: set[str] = set()
    for node in ast.walk(tree):
        targets: list[ast.AST] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = list(node.targets)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in MUTATING_METHODS:
            name = _base_name(node.func.value)
            if name:
                found.add(name)
        for target in targets:
            if isinstance(target, (ast.Subscript, ast.Attribute)):
                name = _base_name(target)
                if name:
                    found.add(name)
    return found


def changeable_module_names(filename: str) -> frozenset[str] | None:
    """Module globals whose value can change after a function traced them (JXP101's notion):
    bound more than once, written through ``global``, or mutated in place anywhere in the
    module. None when the source cannot be read."""
    tree = parse_file(filename)
    if tree is None:
        return None
    counts = _scope_bindings(tree.body)
    rebound = {name for name, count in counts.items() if count > 1}
    return frozenset(rebound | _declared_writes(tree, ast.Global) | mutated_names(tree))


def changeable_closure_names(filename: str, function_line: int) -> frozenset[str] | None:
    """Variables of the functions enclosing the one defined at ``function_line`` that are bound
    more than once there, written through ``nonlocal`` or mutated in place; None when the
    source is unavailable."""
    tree = parse_file(filename)
    if tree is None:
        return None
    chain = _function_chain(tree, function_line)
    if len(chain) < 2:
        return frozenset()
    rebound: set[str] = set()
    for outer in chain[:-1]:
        counts = _scope_bindings(outer.body)
        arguments = outer.args
        for arg in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                    *filter(None, (arguments.vararg, arguments.kwarg))]:
            counts[arg.arg] = counts.get(arg.arg, 0) + 1  # a parameter is a first binding
        rebound |= {name for name, count in counts.items() if count > 1}
        rebound |= _declared_writes(outer, ast.Nonlocal)
        rebound |= mutated_names(outer)
    return frozenset(rebound)


def _function_chain(tree: ast.Module, function_line: int) -> list[FunctionNode]:
    """Functions enclosing (and including) the one whose ``def`` (or decorator) is at the line."""
    found: list[FunctionNode] = []

    def starts_at(node: FunctionNode) -> bool:
        first = min([node.lineno] + [d.lineno for d in node.decorator_list])
        return first <= function_line <= node.lineno

    def walk(node: ast.AST, chain: list[FunctionNode]) -> bool:
        for child in ast.iter_child_nodes(node):
            here = chain
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                here = chain + [child]
                if starts_at(child):
                    found.extend(here)
                    return True
            if walk(child, here):
                return True
        return False

    walk(tree, [])
    return found


def line_in_loop(filename: str, line: int) -> bool:
    """Is the line inside a ``for``/``while`` body, or in a function used as a lax loop body?"""
    tree = parse_file(filename)
    if tree is None:
        return False
    loop_bodies = _lax_loop_body_names(tree)

    def contains(node: ast.AST) -> bool:
        start, end = getattr(node, "lineno", None), getattr(node, "end_lineno", None)
        return start is not None and end is not None and start <= line <= end

    def walk(node: ast.AST) -> bool:
        for child in ast.iter_child_nodes(node):
            if not hasattr(child, "lineno"):
                if walk(child):  # nodes without positions (arguments, comprehension parts)
                    return True
                continue
            if not contains(child):
                continue
            if isinstance(child, (ast.For, ast.AsyncFor, ast.While)):
                if any(contains(stmt) for stmt in child.body):
                    return True
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) and child.name in loop_bodies:
                return True
            if isinstance(child, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
                return True
            if walk(child):
                return True
        return False

    return walk(tree)


def _lax_loop_body_names(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called in LOOP_BODY_TAKERS:
                names |= {arg.id for arg in node.args if isinstance(arg, ast.Name)}
    return names


@dataclass(frozen=True, slots=True)
class DefSpan:
    """A module-level function or a method of a module-level class, with its line span."""

    qualname: str
    start: int
    end: int


def callables(filename: str) -> list[DefSpan]:
    tree = parse_file(filename)
    return [span for span, _ in _defs(tree)] if tree is not None else []


def _span(qualname: str, node: FunctionNode) -> DefSpan:
    start = min([node.lineno] + [d.lineno for d in node.decorator_list])
    return DefSpan(qualname, start, node.end_lineno or node.lineno)


def enclosing_callable(filename: str, line: int) -> DefSpan | None:
    for candidate in callables(filename):
        if candidate.start <= line <= candidate.end:
            return candidate
    return None


def callers_of(filename: str, name: str) -> list[DefSpan]:
    """Module-level functions and methods whose body refers to ``name`` (e.g. the jitted entry
    point that passes a scan body to ``lax.scan``): they can run a helper that has no example."""
    tree = parse_file(filename)
    if tree is None:
        return []
    found = []
    for span, node in _defs(tree):
        if span.qualname.split(".")[-1] == name:
            continue
        if any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(node)):
            found.append(span)
    return found


def _defs(tree: ast.Module) -> list[tuple[DefSpan, FunctionNode]]:
    pairs: list[tuple[DefSpan, FunctionNode]] = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            pairs.append((_span(node.name, node), node))
        elif isinstance(node, ast.ClassDef):
            pairs += [(_span(f"{node.name}.{item.name}", item), item) for item in node.body
                      if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))]
    return pairs
