"""``github``: GitHub Actions workflow commands, shown as annotations on the pull request.

    ::error title=jaxpure (JXP202),file=pkg/model.py,line=3,col=5,endLine=3,endColumn=21::pkg/model.py:3:5: JXP202 ...

Paths are relative to ``RenderOptions.root`` (the repository checkout in CI), which is what
the runner expects. Escaping follows ``@actions/core``'s ``command.ts``.
"""

from __future__ import annotations

from collections.abc import Sequence

from jaxpure.findings import FileResult, Finding
from jaxpure.output.options import RenderOptions
from jaxpure.output.common import concise_line, display_path, findings_of, printable, rule_level


def render_github(results: Sequence[FileResult], options: RenderOptions) -> str:
    return "".join(annotation(f, options) + "\n" for f in findings_of(results))


def annotation(finding: Finding, options: RenderOptions) -> str:
    command = "warning" if rule_level(finding.code) == "warning" else "error"
    path = printable(display_path(finding.filename, options.root))
    start, end = finding.location, finding.end_location
    properties: list[tuple[str, object]] = [
        ("title", f"jaxpure ({finding.code})"),
        ("file", path),
    ]
    if finding.cell is not None:
        # a notebook's rows are not lines of its JSON: annotate the file, name the cell
        rendered = ",".join(f"{key}={escape_property(str(value))}" for key, value in properties)
        return f"::{command} {rendered}::{escape_data(concise_line(finding, path, detail=True))}"
    properties.append(("line", start.row))
    # The runner rejects col/endColumn on a range over several lines (astral-sh/ruff#22074)
    # and an endColumn before col.
    single_line = start.row == end.row
    if single_line:
        properties.append(("col", start.column))
    properties.append(("endLine", max(end.row, start.row)))
    if single_line:
        properties.append(("endColumn", max(end.column, start.column)))
    rendered = ",".join(f"{key}={escape_property(str(value))}" for key, value in properties)
    return f"::{command} {rendered}::{escape_data(concise_line(finding, path, detail=True))}"


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")
