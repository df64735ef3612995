"""``json`` and ``json-lines``: ruff's JSON diagnostics.

Every object has the keys ``code``, ``end_location``, ``filename``, ``fix``, ``location``,
``message``, ``name``, ``noqa_row`` and ``url`` (sorted, as ruff prints them). Rows and
columns are 1-based; end locations point just past the span. A finding in a notebook also
has ``cell`` (1-based among all cells) and ``concatenated_row`` (the row in the code cells
joined in order); its rows (``location``, ``noqa_row``, fix edits) count within the cell. Every fix is listed with its
applicability, whatever ``--unsafe-fixes`` says, as ruff does in JSON.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from jaxpure.findings import Edit, FileResult, Finding, Fix, Location
from jaxpure.output.options import RenderOptions
from jaxpure.output.common import findings_of, printable, rule_url


def render_json(results: Sequence[FileResult], options: RenderOptions) -> str:
    objects = [finding_to_json(f, options) for f in findings_of(results)]
    return json.dumps(objects, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def render_json_lines(results: Sequence[FileResult], options: RenderOptions) -> str:
    return "".join(
        json.dumps(finding_to_json(f, options), sort_keys=True, ensure_ascii=False) + "\n"
        for f in findings_of(results)
    )


def finding_to_json(finding: Finding, options: RenderOptions) -> dict[str, Any]:
    shift = finding.cell_offset
    data = {
        "code": finding.code,
        "name": finding.name,
        "message": finding.message,
        # why and how to fix, at length ("" when the message says it all)
        "detail": finding.detail,
        "filename": printable(finding.filename),  # JSON text must be valid Unicode
        "location": _location(finding.location, shift),
        "end_location": _location(finding.end_location, shift),
        "fix": _fix(finding.fix, shift),
        # the line a `# noqa` comment must be on to silence this finding
        "noqa_row": _noqa_row(finding, options),
        "url": rule_url(finding.code, options),
    }
    if finding.cell is not None:
        data["cell"] = finding.cell
        data["concatenated_row"] = finding.location.row
    return data


def _noqa_row(finding: Finding, options: RenderOptions) -> int:
    """The reported row, or the later row a comment must go on (see suppression.comment_rows)."""
    text = options.sources.get(finding.filename)
    row = finding.location.row
    if text is not None:
        row = _comment_rows(text).get(row, row)
    return row - finding.cell_offset


@lru_cache(maxsize=8)
def _comment_rows(text: str) -> dict[int, int]:
    from jaxpure.suppression import comment_rows

    return comment_rows(text)


def _location(location: Location, shift: int = 0) -> dict[str, int]:
    return {"row": location.row - shift, "column": location.column}


def _fix(fix: Fix | None, shift: int = 0) -> dict[str, Any] | None:
    if fix is None:
        return None
    return {
        "applicability": fix.applicability,
        "message": fix.message,
        "edits": [_edit(edit, shift) for edit in fix.edits],
    }


def _edit(edit: Edit, shift: int = 0) -> dict[str, Any]:
    return {
        "content": edit.content,
        "location": _location(edit.location, shift),
        "end_location": _location(edit.end_location, shift),
    }
