"""``concise`` (the default): one ``path:line:col: CODE message`` line per finding.

The same shape as flake8's default and ruff's concise output, so editors' and CI problem
matchers already understand it.
"""

from __future__ import annotations

from collections.abc import Sequence

from jaxpure.findings import FileResult
from jaxpure.output import RenderOptions
from jaxpure.output.common import concise_line, findings_of


def render_concise(results: Sequence[FileResult], options: RenderOptions) -> str:
    return "".join(concise_line(finding) + "\n" for finding in findings_of(results))
