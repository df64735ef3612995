"""``full``: the concise header, then the source with the span underlined, then the fix.

    model.py:3:5: JXP202 Result of `x.at[...].set(...)` is discarded ...
      |
    3 |     x.at[0].set(1.0)
      |     ^^^^^^^^^^^^^^^^
      |
      = note: JAX arrays are immutable: `.at[...].set(...)` returns an updated copy ...
      = help: Assign the result back to `x`
      = [*] safe fix

Findings are separated by a blank line. Without the file's text in
``RenderOptions.sources`` only the header and the fix lines are shown.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from jaxpure.findings import FileResult, Finding
from jaxpure.output.options import RenderOptions
from jaxpure.output.common import concise_line, fix_status, line_text, source_lines

# A span over more lines shows its first and last lines around an elision marker.
MAX_SPAN_LINES = 8
HEAD_LINES, TAIL_LINES = 4, 2


def render_full(results: Sequence[FileResult], options: RenderOptions) -> str:
    blocks: list[str] = []
    for result in results:
        lines = source_lines(options.sources.get(result.filename))
        blocks.extend(_block(finding, lines, options) for finding in result.findings)
    return "\n".join(blocks)


def _block(finding: Finding, lines: list[str], options: RenderOptions) -> str:
    out = [concise_line(finding)]
    snippet = _snippet(finding, lines)
    if snippet:
        out.extend(snippet)
    gutter = " " * _gutter_width(finding)
    if (finding.detail or finding.fix is not None) and not snippet:
        out.append(f"{gutter} |")
    if finding.detail:
        out.append(f"{gutter} = note: {finding.detail}")
    if finding.fix is not None:
        out.append(f"{gutter} = help: {finding.fix.message}")
        out.append(f"{gutter} = {fix_status(finding.fix, options.unsafe_fixes)}")
    return "".join(line + "\n" for line in out)


def _span_rows(finding: Finding) -> list[int]:
    first = finding.location.row
    last = max(finding.end_location.row, first)
    # a span ending at column 1 ends with the previous line's line break
    if last > first and finding.end_location.column == 1:
        last -= 1
    rows = list(range(first, last + 1))
    if len(rows) > MAX_SPAN_LINES:
        rows = rows[:HEAD_LINES] + [0] + rows[-TAIL_LINES:]  # 0 marks the elision
    return rows


def _gutter_width(finding: Finding) -> int:
    return len(str(max(finding.location.row, finding.end_location.row) - finding.cell_offset))


def _snippet(finding: Finding, lines: list[str]) -> list[str]:
    if line_text(lines, finding.location.row) is None:
        return []
    width = _gutter_width(finding)
    blank = f"{' ' * width} |"
    out = [blank]
    for row in _span_rows(finding):
        text = line_text(lines, row)
        if row == 0 or text is None:
            out.append(f"{'.' * min(width, 3):>{width}} |")
            continue
        out.append(f"{row - finding.cell_offset:>{width}} | {text}".rstrip())
        out.append(f"{blank} {_underline(finding, row, text)}")
    out.append(blank)
    return out


def _underline(finding: Finding, row: int, text: str) -> str:
    """Carets under the part of ``text`` (line ``row``) that the finding spans."""
    if row == finding.location.row:
        start = finding.location.column
    else:  # continuation lines are underlined from their first non-blank character
        start = len(text) - len(text.lstrip()) + 1
    if finding.end_location <= finding.location:  # a point (or a malformed span)
        end = start
    elif row == finding.end_location.row:
        end = finding.end_location.column
    else:
        end = len(text) + 1
    start = min(max(start, 1), len(text) + 1)
    end = min(end, len(text) + 1)
    carets = max(_display_width(text[start - 1 : end - 1]), 1)
    return _indent_like(text[: start - 1]) + "^" * carets


def _indent_like(prefix: str) -> str:
    """Blank text as wide as ``prefix`` on a terminal; tabs are kept so they line up."""
    return "".join("\t" if ch == "\t" else " " * _char_width(ch) for ch in prefix)


def _display_width(text: str) -> int:
    return sum(_char_width(ch) for ch in text)


def _char_width(ch: str) -> int:
    if unicodedata.combining(ch):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
