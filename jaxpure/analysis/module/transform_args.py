"""What a transform's arguments say about the function's parameters: which ones a
``vmap``'s ``in_axes`` leaves unbatched, which ones a custom_vjp rule gets static."""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

if TYPE_CHECKING:
    from jaxpure.analysis.module.index import Unit


def axes_entries(axes: cst.BaseExpression | None) -> list[bool] | None:
    """Which entries of an ``in_axes`` list are None: a literal, or literals joined by
    ``+`` and repeated by ``* n`` (``[0] + [None] * 9``); None when it is not that."""
    if isinstance(axes, (cst.Tuple, cst.List)):
        if any(type(e) is cst.StarredElement for e in axes.elements):
            return None
        return [type(e.value) is cst.Name and e.value.value == "None" for e in axes.elements]
    if type(axes) is cst.BinaryOperation:
        if type(axes.operator) is cst.Add:
            left, right = axes_entries(axes.left), axes_entries(axes.right)
            return left + right if left is not None and right is not None else None
        if type(axes.operator) is cst.Multiply:
            for seq, count in ((axes.left, axes.right), (axes.right, axes.left)):
                entries = axes_entries(seq)
                if entries is not None and type(count) is cst.Integer:
                    return entries * int(count.value)
    return None


def rule_static_params(owner: Unit, rule: Unit, role: str, static: set[str]) -> set[str]:
    """The parameters of a custom_vjp/custom_jvp rule that receive the owner's
    ``nondiff_argnums``: at the same positions in ``f_fwd``, first in ``f_bwd``/``f_jvp``."""
    indices = sorted(p.index for p in owner.params if p.name in static and p.index >= 0)
    positional = [p for p in rule.params if p.index >= 0]
    if role == "fwd":
        return {positional[i].name for i in indices if i < len(positional)}
    return {p.name for p in positional[:len(indices)]}
