"""A comprehension over static values is a static value: `{"/".join(k) for k in extra}` of
a dict's key paths, `[s[0] for s in shapes]`. Its element is inferred with the targets bound
to static values for the time of the question; the walk's own bindings are put back."""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from jaxpure.analysis import lattice as L
from jaxpure.analysis.flow.domain import KindScope
from jaxpure.analysis.syntax import target_names

Comprehension = cst.ListComp | cst.SetComp | cst.GeneratorExp | cst.DictComp
Infer = Callable[[KindScope, cst.BaseExpression], int]


def static_comprehension(ctx: KindScope, node: Comprehension, infer: Infer) -> bool:
    """Every iterable static and every element static with the targets static."""
    env = ctx.frame.env
    saved: dict[str, int | None] = {}
    try:
        comp: cst.CompFor | None = node.for_in
        while comp is not None:
            if infer(ctx, comp.iter) != L.STATIC:
                return False
            for name in target_names(comp.target):
                saved.setdefault(name, env.get(name))
                env[name] = L.STATIC
            comp = comp.inner_for_in
        parts = (node.key, node.value) if isinstance(node, cst.DictComp) else (node.elt,)
        return all(infer(ctx, part) == L.STATIC for part in parts)
    finally:
        for name, kind in saved.items():
            if kind is None:
                env.pop(name, None)
            else:
                env[name] = kind
