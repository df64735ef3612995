"""Readable table and JSON for verification reports (pure Python)."""

from __future__ import annotations

import json
import shutil
import textwrap
from collections.abc import Sequence
from typing import Any

from jaxpure.verify.results import FAIL, Report

HEADERS = ("target", "check", "transform", "result", "detail")


def _result_text(status: str, code: str | None) -> str:
    return f"{status} {code}" if status == FAIL and code else status


def table_rows(reports: Sequence[Report], failures_only: bool = False) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = []
    for report in reports:
        for check in report.checks:
            if failures_only and check.status != FAIL:
                continue
            detail = check.detail
            if check.location is not None and str(check.location) not in detail:
                detail = f"{detail} [{check.location}]"
            rows.append((report.target, check.check, check.transform,
                         _result_text(check.status, check.code), detail))
    return rows


def render_table(reports: Sequence[Report], width: int | None = None, failures_only: bool = False) -> str:
    rows = table_rows(reports, failures_only)
    if not rows:
        return ""
    width = width or max(100, shutil.get_terminal_size((140, 20)).columns)
    widths = [max(len(HEADERS[i]), *(len(r[i]) for r in rows)) for i in range(4)]
    widths[0] = min(widths[0], 48)
    detail_width = max(30, width - sum(widths) - 8)
    lines = [_line(HEADERS, widths), _line(tuple("-" * w for w in widths) + ("-" * 6,), widths)]
    previous = None
    for row in rows:
        target = row[0] if row[0] != previous else ""
        previous = row[0]
        wrapped = textwrap.wrap(row[4], detail_width) or [""]
        lines.append(_line((_clip(target, widths[0]),) + row[1:4] + (wrapped[0],), widths))
        lines += [_line(("", "", "", "", more), widths) for more in wrapped[1:]]
    return "\n".join(lines)


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else "..." + text[-(width - 3):]


def _line(cells: tuple[str, ...], widths: list[int]) -> str:
    return "  ".join(cell.ljust(widths[i]) if i < 4 else cell for i, cell in enumerate(cells)).rstrip()


def summary_line(reports: Sequence[Report]) -> str:
    confirmed = sorted({code for report in reports for code in report.codes})
    failed = sum(1 for report in reports if not report.ok and not report.could_not_run)
    unrun = sum(1 for report in reports if report.could_not_run)
    parts = [f"{len(reports)} target(s) verified"]
    if confirmed:
        parts.append(f"confirmed at runtime: {', '.join(confirmed)}")
    if failed and not confirmed:
        parts.append(f"{failed} with failing checks")
    if unrun:
        parts.append(f"{unrun} could not be run")
    if not confirmed and not failed and not unrun:
        parts.append("no problem found")
    return "; ".join(parts) + "."


def to_json(reports: Sequence[Report], findings: Sequence[dict[str, Any]] | None = None) -> str:
    payload: dict[str, Any] = {"reports": [report.to_dict() for report in reports]}
    if findings is not None:
        payload["findings"] = list(findings)
    return json.dumps(payload, indent=2)
