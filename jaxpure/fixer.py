"""Apply fixes as text edits; a result that does not parse is never returned."""

from __future__ import annotations

from collections.abc import Iterable

import libcst as cst

from jaxpure.findings import Edit, Finding, Location


def _offset(line_starts: list[int], location: Location) -> int:
    return line_starts[location.row - 1] + location.column - 1


def _line_starts(source: str) -> list[int]:
    starts = [0]
    for i, ch in enumerate(source):
        if ch == "\n":
            starts.append(i + 1)
    return starts


def fixable(findings: Iterable[Finding], unsafe: bool) -> list[Finding]:
    return [
        f for f in findings
        if f.fix is not None and (unsafe or f.fix.applicability == "safe")
    ]


def apply_fixes(source: str, findings: Iterable[Finding], unsafe: bool = False) -> tuple[str, list[Finding]]:
    """Apply the fixes of ``findings`` that do not overlap; return (new source, applied).

    If the edited text does not parse, nothing is applied: ``(source, [])``.
    """
    candidates = fixable(findings, unsafe)
    starts = _line_starts(source)
    chosen: list[tuple[int, int, Edit, Finding]] = []
    for finding in sorted(candidates, key=lambda f: f.sort_key):
        spans = [(_offset(starts, e.location), _offset(starts, e.end_location), e)
                 for e in finding.fix.edits]  # type: ignore[union-attr]
        if any(not (end <= s or start >= e) for start, end, _ in spans for s, e, _, _ in chosen):
            continue
        chosen.extend((start, end, edit, finding) for start, end, edit in spans)
    if not chosen:
        return source, []
    text = source
    for start, end, edit, _ in sorted(chosen, key=lambda c: c[0], reverse=True):
        text = text[:start] + edit.content + text[end:]
    try:
        cst.parse_module(text)
    except cst.ParserSyntaxError:
        return source, []
    applied: list[Finding] = []
    for _, _, _, finding in chosen:
        if finding not in applied:
            applied.append(finding)
    return text, applied
