"""Output formats. Rules produce findings; only this package turns them into text.

Contract used by the CLI: ``render(results, fmt, options) -> str`` where ``results`` are
``FileResult`` objects in a stable order, and ``FORMATS`` lists the accepted names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jaxpure.findings import FileResult

FORMATS = ("concise",)


@dataclass(frozen=True)
class RenderOptions:
    root: str = "."  # paths in SARIF/GitHub output are made relative to this
    show_fixes: bool = False
    unsafe_fixes: bool = False


def render(results: Sequence[FileResult], fmt: str = "concise",
           options: RenderOptions = RenderOptions()) -> str:
    if fmt == "concise":
        lines = [
            f"{f.filename}:{f.location.row}:{f.location.column}: {f.code} {f.message}"
            for result in results
            for f in result.findings
        ]
        return "".join(line + "\n" for line in lines)
    raise ValueError(f"unknown output format {fmt!r}")
