"""Small helpers several rules share (message snippets, syntactic shapes)."""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.context import Context


def snippet(ctx: Context, node: cst.CSTNode, limit: int = 40) -> str:
    """The source text of a node, shortened for a message."""
    text = " ".join(ctx.module.code_for_node(node).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def under(ctx: Context, via: str | None) -> str:
    return ctx.via_description(via)
