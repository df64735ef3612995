"""Where a ``# noqa`` comment can go for a finding reported on a given row.

A comment cannot end a row that is inside a multi-line string, nor one that ends with a
backslash continuation: for a finding there, the comment belongs on the first later row
that can end with one (the string's last row; the end of the continued line), as ruff
maps it. ``--add-noqa`` writes the comment there and the check honours it there.
"""

from __future__ import annotations

import io
import tokenize


def comment_rows(source: str) -> dict[int, int]:
    """Row -> the row where its ``# noqa`` goes, for the rows that differ; {} if none do."""
    blocked: set[int] = set()
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return {}
    lines = source.splitlines()
    previous_end, previous_type = 1, tokenize.NEWLINE
    for token in tokens:
        start, end = token.start[0], token.end[0]
        if token.type == tokenize.STRING or token.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
            blocked.update(range(start, end))  # rows the string continues past
        if start > previous_end and previous_type not in (tokenize.NEWLINE, tokenize.NL):
            # no line break token between two tokens on different rows: a backslash joined them
            blocked.update(row for row in range(previous_end, start)
                           if _ends_with_backslash(lines, row))
        previous_end, previous_type = end, token.type
    mapping: dict[int, int] = {}
    for row in sorted(blocked, reverse=True):
        mapping[row] = mapping.get(row + 1, row + 1)
    return mapping


def _ends_with_backslash(lines: list[str], row: int) -> bool:
    return 0 < row <= len(lines) and lines[row - 1].rstrip("\r\n").endswith("\\")


def noqa_row(row: int, mapping: dict[int, int]) -> int:
    return mapping.get(row, row)
