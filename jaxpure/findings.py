"""Result types shared by the engine, the output formats and the flake8 plugin.

Rows and columns are 1-based, as in ruff's JSON output; an end location points just past
the reported span.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Applicability = Literal["safe", "unsafe"]


@dataclass(frozen=True, order=True, slots=True)
class Location:
    row: int
    column: int


@dataclass(frozen=True, slots=True)
class Edit:
    """Replace the text between ``location`` and ``end_location`` with ``content``."""

    content: str
    location: Location
    end_location: Location


@dataclass(frozen=True, slots=True)
class Fix:
    message: str
    applicability: Applicability
    edits: tuple[Edit, ...]


@dataclass(frozen=True, slots=True)
class Finding:
    filename: str
    code: str
    name: str
    message: str
    location: Location
    end_location: Location
    fix: Fix | None = None
    # notebooks: the cell (1-based among all cells) and the rows of the concatenated code
    # cells before it; ``location`` keeps rows of the concatenation (see notebooks.py)
    cell: int | None = None
    cell_offset: int = 0
    # why it is a problem and how to fix it, at length: the concise line shows ``message``
    # only; full, JSON, SARIF, GitHub and the editor show both (``full_message``)
    detail: str = ""

    @property
    def full_message(self) -> str:
        return f"{self.message}. {self.detail}" if self.detail else self.message

    @property
    def row_in_cell(self) -> int:
        """The row to show: within the cell for a notebook, else the file's row."""
        return self.location.row - self.cell_offset

    @property
    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.filename, self.location.row, self.location.column, self.code)


@dataclass(frozen=True, slots=True)
class FileResult:
    """What checking one file produced.

    ``error`` is set when the file could not be checked at all (unreadable, vanished, not
    text); a file that merely fails to parse yields a JXP001 finding instead.
    """

    filename: str
    findings: tuple[Finding, ...] = ()
    error: str | None = None
