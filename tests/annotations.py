"""The fixture convention (flake8-bugbear style): the expected code is a trailing comment.

    if x > 0:  # JXP401
    y = f(k), g(k)  # JXP301, JXP301   (one entry per expected finding... codes are a set)
    if x > 0:  # JXP401:8             (a column, when given, is checked too: 1-based)
"""

from __future__ import annotations

import re
from pathlib import Path

EXPECTED = re.compile(r"#\s*(JXP\d{3}(?::\d+)?(?:\s*,\s*JXP\d{3}(?::\d+)?)*)\s*$")
CONCISE = re.compile(r"^(?P<path>.+?):(?P<row>\d+):(?P<col>\d+): (?P<code>[A-Z]+\d+) ")


def expected_findings(paths: list[Path], root: Path) -> set[tuple[str, int, str]]:
    found: set[tuple[str, int, str]] = set()
    for path in paths:
        for row, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            match = EXPECTED.search(line)
            if match:
                for entry in re.split(r"\s*,\s*", match.group(1)):
                    found.add((path.relative_to(root).as_posix(), row, entry.split(":")[0]))
    return found


def expected_columns(paths: list[Path], root: Path) -> dict[tuple[str, int, str], set[int]]:
    """The columns annotated as ``# JXP401:8``, by (path, row, code)."""
    found: dict[tuple[str, int, str], set[int]] = {}
    for path in paths:
        for row, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            match = EXPECTED.search(line)
            for entry in re.split(r"\s*,\s*", match.group(1)) if match else ():
                code, _, column = entry.partition(":")
                if column:
                    found.setdefault((path.relative_to(root).as_posix(), row, code), set()).add(
                        int(column))
    return found


def reported_findings(output: str, root: Path) -> set[tuple[str, int, str]]:
    return set(reported_columns(output, root))


def reported_columns(output: str, root: Path) -> dict[tuple[str, int, str], set[int]]:
    """The columns of the reported findings, by (path, row, code)."""
    found: dict[tuple[str, int, str], set[int]] = {}
    for line in output.splitlines():
        match = CONCISE.match(line)
        if match:
            path = Path(match.group("path"))
            if path.is_absolute():
                path = path.relative_to(root)
            key = (path.as_posix(), int(match.group("row")), match.group("code"))
            found.setdefault(key, set()).add(int(match.group("col")))
    return found
