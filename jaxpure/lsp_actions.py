"""Code actions of the language server: a finding's fix (safe, or unsafe and marked so),
``# noqa: CODE`` on the finding's line, and "fix all" for the safe fixes of a document.

No pygls here (only lsprotocol's types). Edits are computed from the document version the
findings describe; the server re-analyses a document that changed since.
"""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Sequence

from lsprotocol import types

from jaxpure.findings import Finding, Location
from jaxpure.lsp_analysis import Lines, diagnostic, overlaps

FIX_ALL_KIND = f"{types.CodeActionKind.SourceFixAll.value}.jaxpure"
# tokens that never hold a line's end inside them
_LINE_TOKENS = frozenset({tokenize.NEWLINE, tokenize.NL, tokenize.COMMENT, tokenize.INDENT,
                          tokenize.DEDENT, tokenize.ENDMARKER})


def code_actions(uri: str, findings: Sequence[Finding], lines: Lines, requested: types.Range,
                 only: Sequence[str] | None, docs_url: str | None) -> list[types.CodeAction]:
    start, end = lines.location(requested.start), lines.location(requested.end)
    actions: list[types.CodeAction] = []
    if _wanted(types.CodeActionKind.QuickFix.value, only):
        ends = _open_line_ends(lines.text)
        for finding in findings:
            if not overlaps(finding, start, end):
                continue
            diag = diagnostic(finding, lines, docs_url)
            fix = _fix_action(uri, finding, lines, diag)
            if fix is not None:
                actions.append(fix)
            noqa = noqa_action(uri, finding, lines, diag, ends)
            if noqa is not None:
                actions.append(noqa)
    if _wanted(FIX_ALL_KIND, only):
        fix_all = fix_all_action(uri, findings, lines)
        if fix_all is not None:
            actions.append(fix_all)
    return actions


def _wanted(kind: str, only: Sequence[str] | None) -> bool:
    """LSP's ``only`` filter: a kind is wanted when it is, or is under, a requested kind."""
    return not only or any(kind == k or kind.startswith(f"{k}.") for k in only)


def _edit(uri: str, edits: list[types.TextEdit]) -> types.WorkspaceEdit:
    return types.WorkspaceEdit(changes={uri: edits})


def _fix_action(uri: str, finding: Finding, lines: Lines,
                diag: types.Diagnostic) -> types.CodeAction | None:
    fix = finding.fix
    if fix is None:
        return None
    edits = [types.TextEdit(lines.range(e.location, e.end_location), e.content) for e in fix.edits]
    safe = fix.applicability == "safe"
    title = f"Fix {finding.code}: {fix.message}"
    if not safe:
        title += " (unsafe fix: may change behaviour, review it)"
    return types.CodeAction(title=title, kind=types.CodeActionKind.QuickFix, diagnostics=[diag],
                            edit=_edit(uri, edits), is_preferred=safe)


def noqa_action(uri: str, finding: Finding, lines: Lines, diag: types.Diagnostic,
                open_ends: frozenset[int] | None) -> types.CodeAction | None:
    edit = noqa_edit(lines, finding.location.row, finding.code, open_ends)
    if edit is None:
        return None
    return types.CodeAction(
        title=f"Suppress {finding.code} on line {finding.location.row} (# noqa: {finding.code})",
        kind=types.CodeActionKind.QuickFix, diagnostics=[diag], edit=_edit(uri, [edit]))


def noqa_edit(lines: Lines, row: int, code: str,
              open_ends: frozenset[int] | None) -> types.TextEdit | None:
    """Append ``# noqa: CODE`` to line ``row``, or add CODE to its ``# noqa: ...`` list.

    None where a comment cannot go (the line ends inside a string or continues with a
    backslash, or the source cannot be tokenized: ``open_ends`` is None) or where a bare
    ``# noqa`` suppresses every code already.
    """
    if open_ends is None or row in open_ends:
        return None
    line = lines.line(row)
    if line.rstrip().endswith("\\"):
        return None
    match = _last_noqa(line)
    if match is None:
        at = Location(row, len(line.rstrip()) + 1)
        return types.TextEdit(lines.range(at, Location(row, len(line) + 1)),
                              f"  # noqa: {code}")
    codes = match.group("codes")
    if not codes:
        return None
    at = Location(row, match.end("codes") + 1)
    return types.TextEdit(lines.range(at, at), f", {code}")


def _last_noqa(line: str) -> re.Match[str] | None:
    from jaxpure.suppression import NOQA  # the pattern the engine suppresses by

    found = None
    for match in NOQA.finditer(line):
        found = match
    return found


def _open_line_ends(text: str) -> frozenset[int] | None:
    """The lines whose end lies inside a token (a multi-line string): no comment fits there."""
    rows: set[int] = set()
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type not in _LINE_TOKENS and token.end[0] > token.start[0]:
                rows.update(range(token.start[0], token.end[0]))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return None
    return frozenset(rows)


def fix_all_action(uri: str, findings: Sequence[Finding], lines: Lines) -> types.CodeAction | None:
    """Every safe fix at once, as ``jaxpure check --fix`` applies them in one pass."""
    from jaxpure.fixer import apply_fixes

    new_text, applied = apply_fixes(lines.text, findings, unsafe=False)
    if not applied or new_text == lines.text:
        return None
    edit = types.TextEdit(types.Range(types.Position(0, 0), lines.end()), new_text)
    count = len(applied)
    return types.CodeAction(title=f"Fix all safe jaxpure findings ({count})", kind=FIX_ALL_KIND,
                            edit=_edit(uri, [edit]))
