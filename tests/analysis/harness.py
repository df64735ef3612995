"""Unit tests of the analysis without the command line (pyflakes' style).

    events("def f(key): ...")  ->  [("KeyReuse", "key", 3), ...]
    kind_at(source, "x")       ->  the kind of the first `x` in source, as the walk sees it

The analysis runs exactly as the engine runs it: one parse, one walk, the rules' handlers
replaced by recorders.
"""

from __future__ import annotations

import textwrap

import libcst as cst

from jaxpure.analysis.flow.keystate import EVENTS
from jaxpure.analysis.pipeline import analyze
from jaxpure.positions import node_positions

EVENT_TYPES = tuple(EVENTS.values())


def _module(source: str) -> tuple[str, cst.Module]:
    text = textwrap.dedent(source)
    return text, cst.parse_module(text)


def events(source: str, transforms: dict[str, str] | None = None) -> list[tuple[str, str, int]]:
    """The analysis events of ``source``: (event type, key name, line of the event's node),
    sorted by line."""
    text, module = _module(source)
    found: list[object] = []
    handlers = {t: [lambda event, ctx: found.append(event)] for t in EVENT_TYPES}
    analyze(module, handlers, transforms=transforms)
    positions = node_positions(module, text, [e.node for e in found])  # type: ignore[attr-defined]
    rows = [(type(e).__name__, e.name, positions[e.node].start.line)  # type: ignore[attr-defined]
            for e in found]
    return sorted(rows, key=lambda row: (row[2], row[0], row[1]))


def lines_of(source: str, kind: str = "KeyReuse") -> list[int]:
    """The lines of the events of one type."""
    return [line for event, _name, line in events(source) if event == kind]


def kind_at(source: str, expr: str, occurrence: int = 0, seeds: list | None = None) -> int:
    """The kind the walk gives the ``occurrence``-th expression whose code is ``expr``
    (``seeds``: what other modules of a project tell this one, summary.py)."""
    text, module = _module(source)
    wanted: list[cst.CSTNode] = []

    class Finder(cst.CSTVisitor):
        def on_visit(self, node: cst.CSTNode) -> bool:
            if isinstance(node, cst.BaseExpression) and module.code_for_node(node) == expr:
                wanted.append(node)
            return True

    module.visit(Finder())
    if len(wanted) <= occurrence:
        raise LookupError(f"no {expr!r} (occurrence {occurrence}) in the source")
    target = wanted[occurrence]
    seen: list[int] = []

    def record(node: object, ctx) -> None:
        if node is target:
            seen.append(ctx.kind(node))

    analyze(module, {type(target): [record]}, seeds=seeds)
    if not seen:
        raise LookupError(f"the walk never reached {expr!r}")
    return seen[0]
