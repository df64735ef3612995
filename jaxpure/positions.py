"""Line and column of the nodes a file's findings point at, computed only where needed.

libcst knows positions only by generating code with a position-tracking state, which costs
more than parsing (0.3 s for a 3,800-line module). Findings sit in a few top-level
statements, so only those are generated: CPython's own parser (ten times faster than
libcst's) gives the line each top-level statement starts on, and the generation of a
statement starts counting from there. Each generated statement is compared with the source
at that line; on any mismatch (or a file CPython cannot parse) the whole module is generated
as before, so positions are never wrong, only sometimes slower.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from typing import Any

import libcst as cst
from libcst._position import CodeRange

from jaxpure.analysis.syntax import push_children
from jaxpure.sources import line_starts

Positions = dict[cst.CSTNode, CodeRange]

class _Sink:
    """What PositionProvidingCodegenState expects of a metadata provider."""

    __slots__ = ("_computed",)

    def __init__(self) -> None:
        self._computed: Positions = {}


def node_positions(module: cst.Module, source: str, wanted: Iterable[cst.CSTNode]) -> Positions:
    """Positions of at least the ``wanted`` nodes and everything in their top-level statements."""
    holding = _statements_holding(module, wanted)
    starts = _statement_start_lines(module, source) if holding is not None else None
    if holding is None or starts is None:
        return module_positions(module)
    line_offsets = line_starts(source)  # the line breaks both parsers count
    sink = _Sink()
    for index in holding:
        state = _codegen_state(module, sink, line=starts[index])
        module.body[index]._codegen(state)
        text = "".join(state.tokens)
        if index == len(module.body) - 1 and not module.has_trailing_newline:
            text = text.rstrip("\r\n")  # the module drops the newline the file does not end with
        line = starts[index]
        if not 0 < line <= len(line_offsets) or not source.startswith(text, line_offsets[line - 1]):
            return module_positions(module)
    return sink._computed


def module_positions(module: cst.Module) -> Positions:
    """Positions of every node: one code generation of the whole module."""
    sink = _Sink()
    module._codegen(_codegen_state(module, sink, line=1))
    return sink._computed


def _codegen_state(module: cst.Module, sink: _Sink, line: int) -> Any:
    # Imported here: ``libcst.metadata`` loads every provider (20 ms), and most checks of a
    # file report nothing, so most runs never need it.
    from libcst.metadata.position_provider import PositionProvidingCodegenState

    return PositionProvidingCodegenState(
        default_indent=module.default_indent,
        default_newline=module.default_newline,
        provider=sink,  # type: ignore[arg-type]
        line=line,
    )


def _statements_holding(module: cst.Module, wanted: Iterable[cst.CSTNode]) -> list[int] | None:
    """Indices of the top-level statements containing the wanted nodes (None: some is not in
    any statement, e.g. a node of the module's header)."""
    missing = {id(node) for node in wanted}
    holding: list[int] = []
    for index, statement in enumerate(module.body):
        if not missing:
            break
        found = False
        stack: list[cst.CSTNode] = [statement]
        while stack:
            node = stack.pop()
            if id(node) in missing:
                missing.discard(id(node))
                found = True
            push_children(node, stack)
        if found:
            holding.append(index)
    return None if missing else holding


def _statement_start_lines(module: cst.Module, source: str) -> list[int] | None:
    """The first line of each top-level statement's code as libcst generates it (its leading
    blank and comment lines included), or None when CPython's statements cannot be matched."""
    try:
        tree = compile(source, "<jaxpure>", "exec", flags=ast.PyCF_ONLY_AST, dont_inherit=True)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None  # e.g. syntax newer than this Python: libcst parses it, CPython does not
    if not isinstance(tree, ast.Module):  # what "exec" mode gives; the stub says only AST
        return None
    body = tree.body
    starts: list[int] = []
    position = 0
    for statement in module.body:
        if position >= len(body):
            return None
        first = body[position]
        first_line = min([first.lineno, *(d.lineno for d in getattr(first, "decorator_list", ()))])
        starts.append(first_line - len(statement.leading_lines))
        position += len(statement.body) if type(statement) is cst.SimpleStatementLine else 1
    return starts if position == len(body) else None

