"""``sarif``: SARIF 2.1.0 for GitHub code scanning and other SARIF viewers.

One run. ``tool.driver.rules`` lists every rule (not only those reported), so a viewer can
show the documentation of any result. Artifact URIs are relative to ``RenderOptions.root``
under the ``%SRCROOT%`` base, as GitHub recommends; a file outside the root gets an
absolute ``file://`` URI. Files that could not be checked become tool execution
notifications and mark the invocation unsuccessful.

Fingerprints deliberately leave out the line number (code + relative path + the stripped
text of the reported line + how many identical ones precede it in the file) so a result
keeps its identity when code above it moves.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from jaxpure.findings import FileResult, Finding, Fix, Location
from jaxpure.output.options import PROJECT_URL, RenderOptions
from jaxpure.output.common import (
    line_text,
    printable,
    relative_path,
    rule_level,
    rule_table,
    rule_url,
    source_lines,
)

if TYPE_CHECKING:
    from jaxpure.rules.base import Rule

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
SRCROOT = "%SRCROOT%"
FINGERPRINT_KEY = "jaxpure/v1"
# GitHub rejects descriptions longer than this
MAX_DESCRIPTION = 1024
DEFAULT_TAGS = ("jax", "correctness")
DEFAULT_PRECISION = "high"


def render_sarif(results: Sequence[FileResult], options: RenderOptions) -> str:
    return json.dumps(sarif_log(results, options), indent=2, ensure_ascii=False) + "\n"


def sarif_log(results: Sequence[FileResult], options: RenderOptions) -> dict[str, Any]:
    from jaxpure import __version__

    rules = list(rule_table().values())
    index = {rule.code: i for i, rule in enumerate(rules)}
    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": "jaxpure",
                "version": __version__,
                "semanticVersion": __version__,
                "informationUri": PROJECT_URL,
                "rules": [_rule_descriptor(rule, options) for rule in rules],
            }
        },
        "originalUriBaseIds": {SRCROOT: {"uri": _directory_uri(options.root)}},
        # libcst columns count code points, not UTF-16 units
        "columnKind": "unicodeCodePoints",
        "invocations": [_invocation(results, options)],
        "results": [
            result
            for file_result in results
            for result in _file_results(file_result, index, options)
        ],
    }
    return {"$schema": SCHEMA_URI, "version": "2.1.0", "runs": [run]}


# -- rules --------------------------------------------------------------------------------

def _rule_descriptor(rule: type[Rule], options: RenderOptions) -> dict[str, Any]:
    documentation = rule.documentation()
    what_it_does = rule.sections().get("What it does") or rule.summary
    descriptor: dict[str, Any] = {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": _limit(rule.summary)},
        "fullDescription": {"text": _limit(_plain(what_it_does)), "markdown": what_it_does},
        "help": {"text": _plain(documentation) or rule.summary,
                 "markdown": documentation or rule.summary},
        "defaultConfiguration": {"level": rule.level},
        "properties": {
            "tags": list(getattr(rule, "tags", None) or DEFAULT_TAGS),
            "precision": getattr(rule, "precision", None) or DEFAULT_PRECISION,
            "problem.severity": rule.level,
        },
    }
    url = rule_url(rule.code, options)
    if url is not None:
        descriptor["helpUri"] = url
    return descriptor


def _plain(markdown: str) -> str:
    """Markdown as plain text: headings and code fences dropped, code kept."""
    lines = []
    for line in markdown.splitlines():
        if line.startswith("```"):
            continue
        lines.append(re.sub(r"^#+\s+", "", line))
    return "\n".join(lines).strip()


def _limit(text: str) -> str:
    return text if len(text) <= MAX_DESCRIPTION else text[: MAX_DESCRIPTION - 1] + "…"


# -- results ------------------------------------------------------------------------------

def _file_results(file_result: FileResult, index: dict[str, int],
                  options: RenderOptions) -> list[dict[str, Any]]:
    lines = source_lines(options.sources.get(file_result.filename))
    artifact = _artifact_location(file_result.filename, options.root)
    relative = relative_path(file_result.filename, options.root) or file_result.filename
    seen: Counter[tuple[str, str]] = Counter()
    out = []
    for finding in file_result.findings:
        text = (line_text(lines, finding.location.row) or "").strip()
        occurrence = seen[(finding.code, text)]
        seen[(finding.code, text)] += 1
        out.append(_result(finding, artifact, index, fingerprint(finding.code, relative, text, occurrence)))
    return out


def fingerprint(code: str, relative_path: str, stripped_line: str, occurrence: int) -> str:
    data = "\0".join((code, relative_path, stripped_line, str(occurrence)))
    return hashlib.sha256(data.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _result(finding: Finding, artifact: dict[str, str], index: dict[str, int],
            digest: str) -> dict[str, Any]:
    result: dict[str, Any] = {
        "ruleId": finding.code,
        "level": rule_level(finding.code),
        "message": {"text": finding.full_message},
        "locations": [{
            "physicalLocation": {
                "artifactLocation": artifact,
                "region": _region(_shifted(finding.location, finding.cell_offset),
                                  _shifted(finding.end_location, finding.cell_offset)),
            }
        }],
        "partialFingerprints": {FINGERPRINT_KEY: digest},
    }
    if finding.cell is not None:
        # a notebook: the region counts rows within the cell
        result["properties"] = {"cell": finding.cell, "concatenatedLine": finding.location.row}
    if finding.code in index:
        result["ruleIndex"] = index[finding.code]
    if finding.fix is not None:
        result["fixes"] = [_fix(finding.fix, artifact, finding.cell_offset)]
    return result


def _region(start: Location, end: Location, *, widen_empty: bool = True) -> dict[str, int]:
    if widen_empty and end <= start:
        # a point (e.g. a syntax error) would be an empty insertion region: mark one character
        end = Location(start.row, start.column + 1)
    return {
        "startLine": start.row,
        "startColumn": start.column,
        "endLine": end.row,
        "endColumn": end.column,
    }


def _shifted(location: Location, rows: int) -> Location:
    return Location(location.row - rows, location.column) if rows else location


def _fix(fix: Fix, artifact: dict[str, str], rows: int = 0) -> dict[str, Any]:
    return {
        "description": {"text": f"{fix.message} ({fix.applicability} fix)"},
        "artifactChanges": [{
            "artifactLocation": artifact,
            "replacements": [
                {
                    # an edit that inserts text has an empty deleted region
                    "deletedRegion": _region(_shifted(edit.location, rows),
                                             _shifted(edit.end_location, rows), widen_empty=False),
                    "insertedContent": {"text": edit.content},
                }
                for edit in fix.edits
            ],
        }],
        "properties": {"applicability": fix.applicability},
    }


# -- paths and the invocation -------------------------------------------------------------

def _artifact_location(filename: str, root: str) -> dict[str, str]:
    relative = relative_path(filename, root)
    if relative is None:
        return {"uri": Path(os.path.realpath(filename)).as_uri()}
    # percent-encoded bytes: a name that is not UTF-8 keeps its own bytes in the URI
    return {"uri": quote(relative.encode("utf-8", "surrogateescape"), safe="/"),
            "uriBaseId": SRCROOT}


def _directory_uri(root: str) -> str:
    uri = Path(os.path.realpath(root)).as_uri()
    return uri if uri.endswith("/") else uri + "/"


def _invocation(results: Sequence[FileResult], options: RenderOptions) -> dict[str, Any]:
    failures = [result for result in results if result.error is not None]
    invocation: dict[str, Any] = {"executionSuccessful": not failures}
    if failures:
        invocation["toolExecutionNotifications"] = [
            {
                "level": "error",
                "message": {"text": printable(f"{result.filename}: {result.error}")},
                "locations": [{"physicalLocation": {
                    "artifactLocation": _artifact_location(result.filename, options.root),
                }}],
            }
            for result in failures
        ]
    return invocation
