"""Keys handed to ``jax.random.fold_in``: a key made only to be folded in draws nothing, and
a key folded in with the same data on every iteration is the same key each time."""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.flow.base import WalkerBase

__all__ = ["FoldIns"]


class FoldIns(WalkerBase):
    """The walk's answers about keys given to ``jax.random.fold_in``."""

    def key_made_for_fold_in(self, call: cst.Call) -> bool:
        """``call`` is the key argument of ``jax.random.fold_in``: whatever it does with the
        key it is given, it hands back a key (``PRNGKey(seed)``, a wrapper that normalises a
        seed or a key), which fold_in turns into a stream of its own, as fold_in(key, 123)
        itself does: nothing is drawn from the key here."""
        ctx = self.ctx
        stack = ctx.stack
        if len(stack) < 3 or stack[-1] is not call or type(stack[-2]) is not cst.Arg:
            return False
        outer = stack[-3]
        return type(outer) is cst.Call and bool(outer.args) and outer.args[0] is stack[-2] \
            and ctx.qualname(outer.func) == "jax.random.fold_in"

    def constant_fold_in(self, value: cst.BaseExpression) -> str | None:
        """``fold_in(key, 0)``, or in a loop ``fold_in(key, epoch)`` with ``epoch`` unchanged
        by the loop: the same key on every iteration (the key folded in)."""
        ctx = self.ctx
        if not (type(value) is cst.Call and len(value.args) == 2
                and type(value.args[0].value) is cst.Name
                and ctx.qualname(value.func) == "jax.random.fold_in"):
            return None
        data = value.args[1].value
        if isinstance(data, (cst.Integer, cst.SimpleString)):
            return value.args[0].value.value
        if type(data) is cst.Name and ctx.loops and data.value not in ctx.loops[-1].assigned \
                and value.args[0].value.value not in ctx.loops[-1].assigned:
            return value.args[0].value.value
        return None
