"""Which places a function swaps a value into and puts the old one back in before it
returns: ``saved = nn.CALLBACK``, ``nn.CALLBACK = new``, ..., ``nn.CALLBACK = saved``
(straight-line, or the restore in a ``finally``). One notion for every kind of place
written: a global or closure name, a module's attribute, an argument's attribute or entry.
Whoever runs the function finds the place as it was, on every call: a write that is
undone before the function returns changes nothing a caller, a later call or a cached
trace can see (dreamerv3 sets its layers module's ``LAYER_CALLBACK`` for the length of
the trace; disco_rl's value loss swaps the differentiated params into its network state).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

import libcst as cst

from jaxpure.analysis.syntax import children, key_path, statements, target_names

# whether a call reads the place (a key path) and returns it: a getter of the module
# (`old = current_mapping()`, which returns `_holder.data.mapping`), saved as a read would be
Getter = Callable[[cst.Call, str], bool]

# one step of a function's straight line: the statement, the `try` statements whose body
# holds it, and the `try` whose `finally` holds it
_Step = tuple[cst.CSTNode, tuple[cst.Try, ...], "cst.Try | None"]


def swapped_paths(function: cst.CSTNode, getter: Getter | None = None) -> frozenset[str]:
    """The places (key paths: ``FLAG``, ``nn.CALLBACK``, ``state['params']``) that every
    write in ``function``'s body (nested definitions aside) swaps and restores: the old
    value saved in a local bound once before the first write (from the place, or from a
    ``getter`` of it), the last write putting the
    saved value back, every write a statement of the body's straight line (inside ``with``
    and ``try`` blocks, not a branch or a loop), and no ``return`` between the first write
    and the restore unless the restore is in the ``finally`` of the ``try`` that holds it."""
    if type(function) is not cst.FunctionDef:
        return frozenset()
    return frozenset(_swapped(function, getter))


def swaps(function: cst.CSTNode, written: cst.BaseExpression, getter: Getter | None = None) -> bool:
    """Whether ``function`` swaps and restores the place ``written`` (a write's target)."""
    path = key_path(written)
    return path is not None and path in swapped_paths(function, getter)


def writes_of(node: cst.CSTNode, path: str) -> int:
    """How many assignments in ``node`` (nested definitions aside) write ``path``."""
    if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
        return 0
    if type(node) is cst.Assign:
        return sum(key_path(t.target) == path for t in node.targets)
    if type(node) in (cst.AugAssign, cst.AnnAssign):
        return int(key_path(node.target) == path)  # type: ignore[attr-defined]
    if type(node) is cst.Del:
        return int(key_path(node.target) == path)
    return sum(writes_of(child, path) for child in children(node))


def _swapped(function: cst.FunctionDef, getter: Getter | None) -> Iterator[str]:
    line = list(_straight_line(statements(function.body), (), None))
    candidates = {path for node, _, _ in line if type(node) is cst.Assign
                  for t in node.targets for path in [key_path(t.target)] if path is not None}
    for path in candidates:
        if _swapped_here(function, line, path, getter):
            yield path


def _swapped_here(function: cst.FunctionDef, line: list[_Step], path: str,
                  getter: Getter | None) -> bool:
    saved: str | None = None
    writes: list[int] = []
    for at, (node, _, _) in enumerate(line):
        if type(node) is cst.Assign:
            if saved is None and not writes and len(node.targets) == 1 \
                    and type(node.targets[0].target) is cst.Name and (
                        key_path(node.value) == path or getter is not None
                        and type(node.value) is cst.Call and getter(node.value, path)):
                saved = node.targets[0].target.value
            writes += [at] * sum(key_path(t.target) == path for t in node.targets)
        elif type(node) in (cst.AugAssign, cst.AnnAssign, cst.Del) and \
                key_path(node.target) == path:  # type: ignore[attr-defined]
            writes.append(at)
    if saved is None or not writes or writes_of(function.body, path) != len(writes) \
            or _bindings(function.body, saved) != 1:
        return False
    last, _, finally_of = line[writes[-1]]
    if not (type(last) is cst.Assign and type(last.value) is cst.Name and last.value.value == saved):
        return False
    # between the first write and the restore, a `return` leaves with the new value in
    # place, unless the restore is in the `finally` of a `try` whose body holds the return
    return not any(_holds_return(node) and (finally_of is None or finally_of not in tries)
                   for node, tries, _ in line[writes[0] + 1:writes[-1]])


def _straight_line(body: Sequence[cst.CSTNode], tries: tuple[cst.Try, ...], finally_of: cst.Try | None) -> Iterator[_Step]:
    """The statements of ``body`` that run one after the other on every path, with the
    blocks of ``with`` and ``try`` (body and ``finally``) opened up; any other compound
    statement is one step (what it writes is written on some paths only)."""
    for statement in body:
        if type(statement) is cst.SimpleStatementLine:
            for small in statement.body:
                yield small, tries, finally_of
        elif type(statement) is cst.With:
            yield from _straight_line(statements(statement.body), tries, finally_of)
        elif type(statement) is cst.Try and not statement.handlers and statement.orelse is None:
            yield from _straight_line(statements(statement.body), (*tries, statement), finally_of)
            if statement.finalbody is not None:
                yield from _straight_line(statements(statement.finalbody.body), tries, statement)
        else:
            yield statement, tries, finally_of


def _holds_return(node: cst.CSTNode) -> bool:
    if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
        return False
    return type(node) is cst.Return or any(_holds_return(c) for c in children(node))


def _bindings(node: cst.CSTNode, name: str) -> int:
    """How many statements of ``node`` (nested definitions aside) bind ``name``."""
    if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
        return 0
    if type(node) is cst.Assign:
        return sum(name in target_names(t.target) for t in node.targets)
    if type(node) in (cst.AugAssign, cst.AnnAssign):
        return int(name in target_names(node.target))  # type: ignore[attr-defined]
    if type(node) is cst.For:
        return int(name in target_names(node.target)) + _bindings(node.body, name) + (
            _bindings(node.orelse, name) if node.orelse is not None else 0)
    return sum(_bindings(child, name) for child in children(node))
