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
from dataclasses import dataclass, field
from types import MappingProxyType

from jaxpure.findings import FileResult

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

# The project's public pages: SARIF's informationUri and the per-rule documentation links
# (JSON ``url``, SARIF ``helpUri``). Rule anchors are ``#jxp202`` in the rules page.
PROJECT_URL = "https://github.com/jaxpure/jaxpure"
RULE_DOCS_URL = f"{PROJECT_URL}/blob/main/docs/rules.md"


@dataclass(frozen=True)
class RenderOptions:
    # paths in SARIF/GitHub output are made relative to this
    root: str = "."
    show_fixes: bool = False
    # whether unsafe fixes would be applied (changes how the full format labels them)
    unsafe_fixes: bool = False
    # file name (as in FileResult.filename) -> decoded text; used for the source snippets
    # of the full format and for SARIF fingerprints. Files missing here are rendered
    # without snippets; the CLI only needs to supply files that have findings.
    sources: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    # base of per-rule documentation links; None leaves JSON ``url`` null
    rule_docs_url: str | None = RULE_DOCS_URL


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
