"""Output formats. Rules produce findings; only this package turns them into text.

Contract used by the CLI: ``render(results, fmt, options) -> str`` where ``results`` are
``FileResult`` objects in a stable order, and ``FORMATS`` lists the accepted names;
``statistics(results, options)`` renders ``--statistics``.

Each format lives in its own module, imported only when used, so ``jaxpure check`` with the
default format never pays for the others. Rendering is pure: anything a format needs besides
the findings (file text for source snippets and fingerprints, the project root) comes in
through :class:`RenderOptions`; nothing here reads files or the environment.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

from jaxpure.findings import FileResult
from jaxpure.output.options import PROJECT_URL, RULE_DOCS_URL, RenderOptions

# format name -> "module:function"; the function takes (results, options) and returns text
_RENDERERS: Mapping[str, str] = MappingProxyType({
    "concise": "jaxpure.output.concise:render_concise",
    "full": "jaxpure.output.full:render_full",
    "json": "jaxpure.output.json_format:render_json",
    "json-lines": "jaxpure.output.json_format:render_json_lines",
    "sarif": "jaxpure.output.sarif:render_sarif",
    "github": "jaxpure.output.github:render_github",
})

FORMATS: tuple[str, ...] = tuple(_RENDERERS)

Renderer = Callable[[Sequence[FileResult], RenderOptions], str]


def renderer(fmt: str) -> Renderer:
    try:
        target = _RENDERERS[fmt]
    except KeyError:
        raise ValueError(
            f"unknown output format {fmt!r}; choose one of {', '.join(FORMATS)}"
        ) from None
    module_name, function_name = target.split(":")
    return getattr(importlib.import_module(module_name), function_name)


def render(results: Sequence[FileResult], fmt: str = "concise",
           options: RenderOptions = RenderOptions()) -> str:
    """All findings of ``results`` as text in format ``fmt``.

    ``FileResult.error`` entries are not findings: the CLI reports them on stderr; only
    SARIF records them (as tool execution notifications).
    """
    return renderer(fmt)(results, options)


def statistics(results: Sequence[FileResult], options: RenderOptions = RenderOptions()) -> str:
    """``--statistics``: one ``count<TAB>code<TAB>[*] name`` line per code."""
    from jaxpure.output.stats import render_statistics

    return render_statistics(results, options)


__all__ = ["FORMATS", "PROJECT_URL", "RULE_DOCS_URL", "RenderOptions", "render", "renderer",
           "statistics"]
