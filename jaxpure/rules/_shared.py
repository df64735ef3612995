"""Small helpers several rules share (message snippets, syntactic shapes)."""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis import (
    CONCRETIZATION_ERRORS, Context, array_of_keys, enclosing_try_handlers, handler_catches,
)
from jaxpure.rules.base import Replacement, Rule


def snippet(ctx: Context, node: cst.CSTNode, limit: int = 40) -> str:
    """The source text of a node, shortened for a message."""
    text = " ".join(ctx.module.code_for_node(node).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def split_hint(name: str) -> str:
    """``key, sub = jax.random.split(key)``, with a second name that is not ``name``; for
    an element of an array of keys (``keys[0]``), the split that gives one more element."""
    base = array_of_keys(name)
    if base is not None:
        return f"{base} = jax.random.split(key, n + 1)` and use another element of `{base}"
    second = next(n for n in ("sub", "subkey", "new_sub") if n != name)
    return f"{name}, {second} = jax.random.split({name})"


def under(ctx: Context, via: str | None) -> str:
    return ctx.via_description(via)


class StoreRule:
    """Mixin for rules about writes: every statement that stores goes to ``check_store``.

    Statement-level stores (``x = ...``, ``x += ...``, ``x: T = ...``, ``del x[k]``);
    rules that also treat mutating calls (``lst.append(v)``) add ``visit_Call``.
    """

    def check_store(self, ctx: Context, node: cst.CSTNode) -> None:
        raise NotImplementedError

    def visit_Assign(self, node: cst.Assign, ctx: Context) -> None:
        self.check_store(ctx, node)

    def visit_AugAssign(self, node: cst.AugAssign, ctx: Context) -> None:
        self.check_store(ctx, node)

    def visit_AnnAssign(self, node: cst.AnnAssign, ctx: Context) -> None:
        self.check_store(ctx, node)


def caught_when_traced(ctx: Context, node: cst.CSTNode) -> bool:
    """``node`` sits in a ``try`` whose handler catches what a tracer raises there
    (``try: np.asarray(x) except TypeError: return``): a concreteness guard."""
    unit = ctx.unit
    if unit is None:
        return False
    return any(handler_catches(handler, CONCRETIZATION_ERRORS)
               for handler in enclosing_try_handlers(unit.node, node))


class GuardedByExcept(Rule):
    """Base of the rules about a tracer where a concrete value is needed: what a ``try``
    around it catches (``except TypeError``) is a concreteness guard, not a failure."""

    def report(self, ctx: Context, node: cst.CSTNode, message: str,
               replacement: Replacement | None = None, related: tuple[cst.CSTNode, ...] = (),
               detail: str = "") -> None:
        if caught_when_traced(ctx, node):
            return
        super().report(ctx, node, message, replacement, related, detail)
