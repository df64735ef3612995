"""Which arguments a ``vmap``'s ``in_axes`` leaves unbatched: None entries of the literal."""

from __future__ import annotations

import libcst as cst


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
