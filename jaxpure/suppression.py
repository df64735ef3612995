"""Suppression comments: ``# noqa``, ``# jaxpure: ignore`` and the file-level ``# jaxpure: noqa``.

One matcher for the engine (``jaxpure check``) and the flake8 plugin (which leaves plain
``# noqa`` to flake8 and applies jaxpure's own comments here):

- ``# noqa`` / ``# noqa: JXP202,JXP3`` on the line a finding starts on, or, when that line
  cannot end with a comment (inside a multi-line string, or continued by a backslash), on the
  first later line that can (the string's last line, the end of the continued line), as
  ruff maps it; ``--add-noqa`` writes the comment there;
- ``# jaxpure: ignore`` / ``# jaxpure: ignore[JXP202]`` likewise;
- ``# jaxpure: noqa`` / ``# jaxpure: noqa: JXP301`` in the file's first comment block (the
  lines before its first line of code), as ruff's ``# ruff: noqa``: the whole file.

Codes are prefixes (``JXP3`` covers ``JXP301``). Lines are Python's (see jaxpure.sources).
"""

from __future__ import annotations

import io
import re
import tokenize
from dataclasses import dataclass

from jaxpure.sources import split_lines

NOQA = re.compile(r"#\s*noqa(?::\s?(?P<codes>[A-Z]+[0-9]+(?:[,\s]+[A-Z]+[0-9]+)*))?", re.I)
JAXPURE_IGNORE = re.compile(r"#\s*jaxpure:\s*ignore(?:\[(?P<codes>[^\]]*)\])?")
FILE_NOQA = re.compile(
    r"#\s*jaxpure:\s*noqa(?=\s|:|$)(?:\s*:\s*(?P<codes>[A-Z]+[0-9]+(?:[,\s]+[A-Z]+[0-9]+)*))?", re.I)

ALL = ()  # the codes of a comment without a list: everything


def _codes(text: str | None) -> tuple[str, ...]:
    return tuple(code.upper() for code in re.split(r"[,\s]+", text or "") if code)


def _covers(codes: tuple[str, ...], code: str) -> bool:
    return not codes or any(code.startswith(prefix) for prefix in codes)


def line_suppresses(line: str, code: str, *, noqa: bool = True) -> bool:
    """Whether a comment on ``line`` silences ``code`` (``noqa=False``: only jaxpure's own)."""
    if "#" not in line:
        return False
    for pattern in (NOQA, JAXPURE_IGNORE) if noqa else (JAXPURE_IGNORE,):
        match = pattern.search(line)
        if match is not None and _covers(_codes(match.group("codes")), code):
            return True
    return False


def file_exemption(lines: list[str]) -> tuple[str, ...] | None:
    """The codes a ``# jaxpure: noqa`` in the first comment block exempts the whole file
    from (``ALL`` for every code), or None."""
    exempt: list[str] = []
    found = False
    for line in lines:
        stripped = line.strip()
        if not stripped:
            continue
        if not stripped.startswith("#"):
            break
        match = FILE_NOQA.match(stripped)
        if match is None:
            continue
        codes = _codes(match.group("codes"))
        if not codes:
            return ALL
        found = True
        exempt.extend(codes)
    return tuple(exempt) if found else None


def comment_rows(source: str) -> dict[int, int]:
    """Row -> the row where its ``# noqa`` goes, for the rows that differ; {} if none do."""
    blocked: set[int] = set()
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return {}
    lines = split_lines(source)
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


@dataclass
class Suppressions:
    """The suppression comments of one file's text."""

    source: str
    lines: list[str]
    exempt: tuple[str, ...] | None
    _moved: dict[int, int] | None = None  # comment_rows(source), computed when first needed

    @classmethod
    def of(cls, source: str) -> Suppressions:
        lines = split_lines(source)
        return cls(source, lines, file_exemption(lines))

    def comment_row(self, row: int) -> int:
        """The row a ``# noqa`` for a finding on ``row`` stands on."""
        if self._moved is None:
            self._moved = comment_rows(self.source) if "#" in self.source else {}
        return self._moved.get(row, row)

    def suppresses(self, code: str, row: int, *, noqa: bool = True) -> bool:
        """Whether a finding of ``code`` starting on line ``row`` is silenced."""
        if self.exempt is not None and _covers(self.exempt, code):
            return True
        if "#" not in self.source:
            return False
        return any(0 < at <= len(self.lines) and line_suppresses(self.lines[at - 1], code, noqa=noqa)
                   for at in {row, self.comment_row(row)})
