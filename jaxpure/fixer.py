"""Apply fixes as text edits; a result that does not parse is never returned.

Rows are Python's lines (``\\n``, ``\\r\\n`` or a lone ``\\r``: jaxpure.sources), as in
every Location. An edit's own line breaks are written as the line it starts on ends, so a
fix keeps each line's ending in a file with CRLF, CR or mixed endings.
"""

from __future__ import annotations

from collections.abc import Iterable

import libcst as cst

from jaxpure.findings import Edit, Finding, Location
from jaxpure.sources import LINE_BREAK, line_starts


def _offset(text: str, starts: list[int], location: Location) -> int | None:
    """The offset of ``location`` in the text, or None when it is not in the text."""
    if not 0 < location.row <= len(starts) or location.column < 1:
        return None
    start = starts[location.row - 1]
    end = starts[location.row] if location.row < len(starts) else len(text)
    offset = start + location.column - 1
    return offset if offset <= end else None


def _line_ending(text: str, starts: list[int], row: int, default: str) -> str:
    """The line break that ends line ``row`` (``default`` on a last line without one)."""
    end = starts[row] if row < len(starts) else len(text)
    match = LINE_BREAK.search(text, starts[row - 1], end)
    return match.group() if match is not None else default


def fixable(findings: Iterable[Finding], unsafe: bool) -> list[Finding]:
    return [
        f for f in findings
        if f.fix is not None and (unsafe or f.fix.applicability == "safe")
    ]


def apply_fixes(source: str, findings: Iterable[Finding], unsafe: bool = False) -> tuple[str, list[Finding]]:
    """Apply the fixes of ``findings`` that do not overlap; return (new source, applied).

    If the edited text does not parse, nothing is applied: ``(source, [])``. A fix with an
    edit outside the text (a stale finding) is skipped.
    """
    candidates = fixable(findings, unsafe)
    starts = line_starts(source)
    default = LINE_BREAK.search(source)
    newline = default.group() if default is not None else "\n"
    chosen: list[tuple[int, int, str, Finding]] = []
    for finding in sorted(candidates, key=lambda f: f.sort_key):
        spans = _spans(source, starts, finding.fix.edits, newline)  # type: ignore[union-attr]
        if spans is None:
            continue
        if any(not (end <= s or start >= e) for start, end, _ in spans for s, e, _, _ in chosen):
            continue
        chosen.extend((start, end, content, finding) for start, end, content in spans)
    if not chosen:
        return source, []
    text = source
    for start, end, content, _ in sorted(chosen, key=lambda c: c[0], reverse=True):
        text = text[:start] + content + text[end:]
    try:
        cst.parse_module(text)
    except (cst.ParserSyntaxError, RecursionError, MemoryError):
        return source, []
    applied: list[Finding] = []
    for _, _, _, finding in chosen:
        if finding not in applied:
            applied.append(finding)
    return text, applied


def _spans(source: str, starts: list[int], edits: Iterable[Edit],
           newline: str) -> list[tuple[int, int, str]] | None:
    spans: list[tuple[int, int, str]] = []
    for edit in edits:
        start = _offset(source, starts, edit.location)
        end = _offset(source, starts, edit.end_location)
        if start is None or end is None or end < start:
            return None
        ending = _line_ending(source, starts, edit.location.row, newline)
        spans.append((start, end, LINE_BREAK.sub(lambda _: ending, edit.content)))
    return spans
