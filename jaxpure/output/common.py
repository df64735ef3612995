"""Helpers shared by several output formats: paths, rule metadata, source lines, fixes."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from jaxpure.findings import FileResult, Finding, Fix
from jaxpure.sources import split_lines

if TYPE_CHECKING:
    from jaxpure.output.options import RenderOptions
    from jaxpure.rules.base import Rule



def findings_of(results: Sequence[FileResult]) -> Iterator[Finding]:
    for result in results:
        yield from result.findings


def concise_line(finding: Finding, path: str | None = None, *, detail: bool = False) -> str:
    """``path:row:col: CODE message``, the line every text format starts from.

    In a notebook: ``path:cell N:row:col: CODE message``, the row counted within the cell.
    With ``detail``, the message is followed by the finding's longer explanation.
    """
    where = finding.filename if path is None else path
    message = finding.full_message if detail else finding.message
    return f"{where}:{position(finding)}: {finding.code} {message}"


def position(finding: Finding) -> str:
    """``row:col``, or ``cell N:row:col`` for a finding in a notebook."""
    cell = f"cell {finding.cell}:" if finding.cell is not None else ""
    return f"{cell}{finding.row_in_cell}:{finding.location.column}"


def printable(text: str) -> str:
    """``text`` as valid Unicode: a file name that is not UTF-8 (lone surrogates from
    ``surrogateescape``) gets U+FFFD for each byte that is not, as ruff shows such paths."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        pass
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")


def source_lines(text: str | None) -> list[str]:
    """Python's lines, as every Location counts them (not str.splitlines: jaxpure.sources)."""
    return split_lines(text) if text else []


def line_text(lines: Sequence[str], row: int) -> str | None:
    return lines[row - 1] if 0 < row <= len(lines) else None


def relative_path(filename: str, root: str) -> str | None:
    """``filename`` relative to ``root`` with forward slashes; None when outside ``root``.

    Both are resolved (symlinks included) first, as GitHub's SARIF guidance asks, so a
    relative file name and an absolute root (or the reverse) still agree.
    """
    path = os.path.realpath(filename)
    base = os.path.realpath(root)
    try:
        relative = os.path.relpath(path, base)
    except ValueError:  # another drive on Windows
        return None
    if relative == os.pardir or relative.startswith(os.pardir + os.sep):
        return None
    return relative.replace(os.sep, "/")


def display_path(filename: str, root: str) -> str:
    """The path to show for ``filename``: relative to ``root`` when inside it."""
    relative = relative_path(filename, root)
    return relative if relative is not None else filename.replace(os.sep, "/")


@lru_cache(maxsize=1)
def rule_table() -> dict[str, type[Rule]]:
    # imported here: loading the rules imports libcst, which the concise format never needs
    from jaxpure.rules import all_rules

    return {rule.code: rule for rule in all_rules()}


def rule_level(code: str) -> str:
    rule = rule_table().get(code)
    return rule.level if rule is not None else "error"


def rule_url(code: str, options: RenderOptions) -> str | None:
    if options.rule_docs_url is None or code not in rule_table():
        return None
    return f"{options.rule_docs_url}#{code.lower()}"


def fix_is_applicable(fix: Fix, unsafe_fixes: bool) -> bool:
    """Whether ``--fix`` would apply ``fix`` under the current unsafe-fixes setting."""
    return fix.applicability == "safe" or unsafe_fixes


def fix_status(fix: Fix, unsafe_fixes: bool) -> str:
    if fix.applicability == "safe":
        return "[*] safe fix"
    if unsafe_fixes:
        return "[*] unsafe fix"
    return "[ ] unsafe fix, use --unsafe-fixes"
