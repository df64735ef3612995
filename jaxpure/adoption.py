"""``--add-noqa``: silence today's findings where they are, so new code is held to the rules.

Each reported line gets ``# noqa: JXPnnn`` (codes merged into a ``# noqa:`` comment already
there, any other comment kept); a finding inside a multi-line string or on a backslash-
continued line gets it on the first row that may end with a comment (suppression.comment_rows), which
is where the check looks for it too. Running it twice changes nothing the second time: the
first run's comments suppress every finding it saw.
"""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Iterable, Sequence
from dataclasses import replace

from jaxpure.findings import Finding, Location
from jaxpure.suppression import comment_rows
from jaxpure.sources import split_lines_keepends

# findings a comment cannot silence (a file that does not parse)
UNSUPPRESSIBLE = frozenset({"JXP001"})
_NOQA_CODES = re.compile(r"(#\s*noqa)(?::\s?(?P<codes>[A-Z]+[0-9]+(?:[,\s]+[A-Z]+[0-9]+)*))?", re.I)
_LINE_END = re.compile(r"(\r\n|\r|\n)?\Z")


def rows_and_codes(source: str, findings: Iterable[Finding]) -> dict[int, set[str]]:
    """Row (of ``source``) -> the codes whose ``# noqa`` goes on it."""
    wanted: dict[int, set[str]] = {}
    moved: dict[int, int] | None = None
    for finding in findings:
        if finding.code in UNSUPPRESSIBLE:
            continue
        if moved is None:
            moved = comment_rows(source)
        row = moved.get(finding.location.row, finding.location.row)
        wanted.setdefault(row, set()).add(finding.code)
    return wanted


def add_noqa(source: str, wanted: dict[int, set[str]]) -> tuple[str, int]:
    """``source`` with the comments of ``wanted`` added; and how many rows changed."""
    if not wanted:
        return source, 0
    comments = _comments(source)
    lines = split_lines_keepends(source)
    changed = 0
    for row, codes in wanted.items():
        if not 0 < row <= len(lines):
            continue
        new = _with_codes(lines[row - 1], comments.get(row), codes)
        if new != lines[row - 1]:
            lines[row - 1] = new
            changed += 1
    return "".join(lines), changed


def _comments(source: str) -> dict[int, int]:
    """Row -> column where the row's comment starts (tokenize knows `#` inside strings)."""
    found: dict[int, int] = {}
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.COMMENT:
                found[token.start[0]] = token.start[1]
    except (tokenize.TokenError, SyntaxError, IndentationError):
        pass
    return found


def _with_codes(line: str, comment_at: int | None, codes: set[str]) -> str:
    """``line`` with ``codes`` in its ``# noqa:`` comment (merged, or a new one appended)."""
    ending = _LINE_END.search(line).group(0)  # type: ignore[union-attr]
    body = line[: len(line) - len(ending)]
    match = _NOQA_CODES.search(body, comment_at) if comment_at is not None else None
    if match is None:
        return f"{body.rstrip()}  # noqa: {', '.join(sorted(codes))}{ending}"
    if match.group("codes") is None:
        return line  # a bare `# noqa` silences everything already
    present = [c for c in re.split(r"[,\s]+", match.group("codes")) if c]
    missing = sorted(c for c in codes if not any(c.startswith(p.upper()) for p in present))
    if not missing:
        return line
    merged = f"{match.group(1)}: {', '.join([*present, *missing])}"
    return body[: match.start()] + merged + body[match.end():] + ending


def add_noqa_to_cells(cells: Sequence[tuple[int, str, str, int, int]],
                      findings: Iterable[Finding]) -> tuple[dict[int, str], int]:
    """For a notebook: (index, written text, analysed text, offset, rows) per code cell ->
    the new text of each changed cell, and how many rows changed."""
    findings = list(findings)
    new_texts: dict[int, str] = {}
    total = 0
    for index, written, analysed, offset, rows in cells:
        local = [f for f in findings if offset < f.location.row <= offset + rows]
        wanted = rows_and_codes(analysed, [_shifted(f, offset) for f in local])
        if not wanted:
            continue
        new_analysed, changed = add_noqa(analysed, wanted)
        if not changed:
            continue
        # only rows that were used as written carry findings: copy those rows over
        written_lines = split_lines_keepends(written)
        new_lines = split_lines_keepends(new_analysed)
        for row in wanted:
            if 0 < row <= len(written_lines):
                ending = _LINE_END.search(written_lines[row - 1]).group(0)  # type: ignore[union-attr]
                written_lines[row - 1] = new_lines[row - 1].rstrip("\r\n") + ending
        new_texts[index] = "".join(written_lines)
        total += changed
    return new_texts, total


def _shifted(finding: Finding, offset: int) -> Finding:
    return replace(finding, location=Location(finding.location.row - offset, finding.location.column))


def add_noqa_to_file(path: str, findings: Sequence[Finding]) -> tuple[int, str | None]:
    """Write the comments for ``findings`` into ``path``: (rows changed, problem or None)."""
    from jaxpure.runner import encode_like, read_source, write_if_unchanged

    data, problem = read_source(path)
    if data is None:
        return 0, problem
    if path.lower().endswith(".ipynb"):
        from jaxpure.notebook_json import NotebookError, replace_sources
        from jaxpure.notebooks import layout

        try:
            shape = layout(data)
        except NotebookError as error:
            return 0, str(error)
        cells = [(c.index, c.text, c.analysed, c.offset, c.rows) for c in shape.cells
                 if c.error is None]
        new_texts, changed = add_noqa_to_cells(cells, findings)
        if not changed:
            return 0, None
        new_data = replace_sources(shape.notebook, new_texts).encode("utf-8")
    else:
        from jaxpure.runner import decode_source

        try:
            text = decode_source(data)
        except (UnicodeDecodeError, SyntaxError, LookupError) as error:
            return 0, f"cannot decode file: {error}"
        new_text, changed = add_noqa(text, rows_and_codes(text, findings))
        if not changed:
            return 0, None
        try:
            new_data = encode_like(data, new_text)
        except (UnicodeEncodeError, LookupError):
            return 0, "not changed: the comment cannot be encoded in the file's encoding"
    problem = write_if_unchanged(path, data, new_data)
    return (0, problem) if problem is not None else (changed, None)
