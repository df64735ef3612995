"""``concise`` (the default): one ``path:line:col: CODE message`` line per finding.

The same shape as flake8's default and ruff's concise output, so editors' and CI problem
matchers already understand it. With ``--show-fixes`` a finding that has a fix is followed
by an indented ``help:`` line, which such matchers skip.
"""

from __future__ import annotations

from collections.abc import Sequence

from jaxpure.findings import FileResult, Finding
from jaxpure.output.options import RenderOptions
from jaxpure.output.common import concise_line, findings_of, fix_status


def render_concise(results: Sequence[FileResult], options: RenderOptions) -> str:
    return "".join(_lines(finding, options) for finding in findings_of(results))


def _lines(finding: Finding, options: RenderOptions) -> str:
    text = concise_line(finding) + "\n"
    if options.show_fixes and finding.fix is not None:
        status = fix_status(finding.fix, options.unsafe_fixes)
        text += f"    help: {finding.fix.message} ({status})\n"
    return text
