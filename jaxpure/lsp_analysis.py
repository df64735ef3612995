"""Findings as LSP diagnostics and hovers: positions, severities, documentation links.

No pygls here (only its protocol types, lsprotocol): the server module owns the transport.
jaxpure's locations are 1-based lines and code points, lines split at ``\\n``, ``\\r\\n``
and ``\\r`` only (as libcst splits them); LSP positions are 0-based lines (split the same
way) and columns in the negotiated encoding, UTF-16 unless the client offers another.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from lsprotocol import types

from jaxpure.findings import FileResult, Finding, Location

SOURCE = "jaxpure"
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_RULE_CODE = re.compile(r"[A-Z]{3}[0-9]{3}")


class Lines:
    """A document's lines, for converting between jaxpure locations and LSP positions."""

    def __init__(self, text: str, encoding: str = "utf-16") -> None:
        self.text = text
        self.lines = _LINE_BREAK.split(text)
        self.encoding = encoding

    def line(self, row: int) -> str:
        """The text of 1-based line ``row`` ('' past the end)."""
        return self.lines[row - 1] if 0 < row <= len(self.lines) else ""

    def _units(self, text: str) -> int:
        if self.encoding == "utf-32" or text.isascii():
            return len(text)
        if self.encoding == "utf-8":
            return len(text.encode("utf-8"))
        return len(text.encode("utf-16-le", "surrogatepass")) // 2

    def position(self, location: Location) -> types.Position:
        if location.row > len(self.lines):
            return types.Position(len(self.lines) - 1, self._units(self.lines[-1]))
        line = self.lines[max(location.row - 1, 0)]
        return types.Position(max(location.row - 1, 0), self._units(line[:max(location.column - 1, 0)]))

    def range(self, start: Location, end: Location) -> types.Range:
        return types.Range(self.position(start), self.position(end))

    def location(self, position: types.Position) -> Location:
        """The jaxpure location (1-based, code points) of an LSP position."""
        row = position.line + 1
        line = self.line(row)
        if self.encoding == "utf-32" or line.isascii():
            return Location(row, min(position.character, len(line)) + 1)
        units = 0
        for index, char in enumerate(line):
            if units >= position.character:
                return Location(row, index + 1)
            units += self._units(char)
        return Location(row, len(line) + 1)

    def end(self) -> types.Position:
        return types.Position(len(self.lines) - 1, self._units(self.lines[-1]))


@dataclass(frozen=True)
class RuleInfo:
    code: str
    name: str
    level: str
    summary: str
    documentation: str


@lru_cache(maxsize=1)
def rule_table() -> dict[str, RuleInfo]:
    from jaxpure.rules import all_rules

    return {rule.code: RuleInfo(rule.code, rule.name, rule.level, rule.summary,
                                rule.documentation()) for rule in all_rules()}


def rule_url(docs_url: str | None, code: str) -> str | None:
    """The documentation link of a rule: ``<docs_url>#jxp202`` (docs/rules.md's anchors)."""
    return f"{docs_url}#{code.lower()}" if docs_url else None


def diagnostic(finding: Finding, lines: Lines, docs_url: str | None) -> types.Diagnostic:
    rule = rule_table().get(finding.code)
    severity = (types.DiagnosticSeverity.Warning if rule is not None and rule.level == "warning"
                else types.DiagnosticSeverity.Error)
    url = rule_url(docs_url, finding.code)
    return types.Diagnostic(
        range=lines.range(finding.location, finding.end_location),
        message=finding.full_message,
        severity=severity,
        code=finding.code,
        code_description=types.CodeDescription(href=url) if url else None,
        source=SOURCE,
    )


def diagnostics(result: FileResult, lines: Lines, docs_url: str | None) -> list[types.Diagnostic]:
    found = [diagnostic(finding, lines, docs_url) for finding in result.findings]
    if result.error is not None:
        # the file could not be checked at all (too large, an internal error): say so once
        found.insert(0, types.Diagnostic(
            range=types.Range(types.Position(0, 0), types.Position(0, 0)),
            message=f"jaxpure could not check this file: {result.error}",
            severity=types.DiagnosticSeverity.Warning, source=SOURCE))
    return found


def contains(finding: Finding, where: Location) -> bool:
    """Whether ``where`` lies in the finding's span (its end included, as editors hover)."""
    return finding.location <= where <= max(finding.end_location, finding.location)


def overlaps(finding: Finding, start: Location, end: Location) -> bool:
    return finding.location <= end and start <= max(finding.end_location, finding.location)


def hover_markdown(code: str, docs_url: str | None) -> str | None:
    rule = rule_table().get(code)
    if rule is None:
        return None
    text = f"**{rule.code}** `{rule.name}` ({rule.level}): {rule.summary}\n\n{rule.documentation}"
    url = rule_url(docs_url, code)
    return text + (f"\n\n[{rule.code} in the rules documentation]({url})" if url else "")


def codes_at(findings: Iterable[Finding], lines: Lines, position: types.Position) -> list[str]:
    """The rules to document at ``position``: the codes of the findings whose span holds
    it, else a code written there (``# noqa: JXP301``)."""
    where = lines.location(position)
    codes: list[str] = []
    for finding in findings:
        if contains(finding, where) and finding.code not in codes:
            codes.append(finding.code)
    if codes:
        return codes
    line = lines.line(where.row)
    for match in _RULE_CODE.finditer(line):
        if match.start() < where.column <= match.end() + 1:
            return [match.group()] if match.group() in rule_table() else []
    return []


def hover(findings: Sequence[Finding], lines: Lines, position: types.Position,
          docs_url: str | None) -> types.Hover | None:
    parts = [text for code in codes_at(findings, lines, position)
             if (text := hover_markdown(code, docs_url)) is not None]
    if not parts:
        return None
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown,
                                                    value="\n\n---\n\n".join(parts)))
