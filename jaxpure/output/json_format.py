"""``json`` and ``json-lines``: ruff's JSON diagnostics, minus the notebook ``cell`` field.

Every object has the keys ``code``, ``end_location``, ``filename``, ``fix``, ``location``,
``message``, ``name``, ``noqa_row`` and ``url`` (sorted, as ruff prints them). Rows and
columns are 1-based; end locations point just past the span. Every fix is listed with its
applicability, whatever ``--unsafe-fixes`` says, as ruff does in JSON.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from jaxpure.findings import Edit, FileResult, Finding, Fix, Location
from jaxpure.output import RenderOptions
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
    return {
        "code": finding.code,
        "name": finding.name,
        "message": finding.message,
        "filename": printable(finding.filename),  # JSON text must be valid Unicode
        "location": _location(finding.location),
        "end_location": _location(finding.end_location),
        "fix": _fix(finding.fix),
        # the line a `# noqa` comment must be on to silence this finding
        "noqa_row": finding.location.row,
        "url": rule_url(finding.code, options),
    }


def _location(location: Location) -> dict[str, int]:
    return {"row": location.row, "column": location.column}


def _fix(fix: Fix | None) -> dict[str, Any] | None:
    if fix is None:
        return None
    return {
        "applicability": fix.applicability,
        "message": fix.message,
        "edits": [_edit(edit) for edit in fix.edits],
    }


def _edit(edit: Edit) -> dict[str, Any]:
    return {
        "content": edit.content,
        "location": _location(edit.location),
        "end_location": _location(edit.end_location),
    }
