"""What a format needs besides the findings (:class:`RenderOptions`) and the project's public
pages. A module of its own so the formats import it without importing the package that
imports them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

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
