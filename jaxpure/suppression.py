"""Suppression comments: ``# noqa``, ``# jaxpure: ignore`` and the file-level ``# jaxpure: noqa``.

One matcher for the engine (``jaxpure check``) and the flake8 plugin (which leaves plain
``# noqa`` to flake8 and applies jaxpure's own comments here):

- ``# noqa`` / ``# noqa: JXP202,JXP3`` on the line a finding starts on;
- ``# jaxpure: ignore`` / ``# jaxpure: ignore[JXP202]`` likewise;
- ``# jaxpure: noqa`` / ``# jaxpure: noqa: JXP301`` in the file's first comment block (the
  lines before its first line of code), as ruff's ``# ruff: noqa``: the whole file.

Codes are prefixes (``JXP3`` covers ``JXP301``). Lines are Python's (see jaxpure.sources).
"""

from __future__ import annotations

import re
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


@dataclass(frozen=True)
class Suppressions:
    """The suppression comments of one file's text."""

    lines: list[str]
    exempt: tuple[str, ...] | None

    @classmethod
    def of(cls, source: str) -> Suppressions:
        lines = split_lines(source)
        return cls(lines, file_exemption(lines))

    def suppresses(self, code: str, row: int, *, noqa: bool = True) -> bool:
        """Whether a finding of ``code`` starting on line ``row`` is silenced."""
        if self.exempt is not None and _covers(self.exempt, code):
            return True
        return 0 < row <= len(self.lines) and line_suppresses(self.lines[row - 1], code,
                                                              noqa=noqa)
