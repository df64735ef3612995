"""Tests a loop's first iteration answers: in `for t in range(start, ...)`, `t == start`
holds on the first pass, so `if t == start:` runs then. The walker walks a loop's body once,
for its first iteration (a key consumed there and not rebound is reused on the next, which
the loop checks tell), so an `if` guarded so, without `else`, is walked as taken: the path
that skips it on the first pass does not exist (flaxmodels' StyleGAN2 discriminator rebinds
its key under `if res == resolution_log2:` before splitting it again)."""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from jaxpure.analysis.flow.domain import Loop

QualName = Callable[[cst.BaseExpression], str | None]


def holds_on_first_iteration(loops: list[Loop], test: cst.BaseExpression,
                             qualname: QualName) -> bool:
    """``test`` is ``t == start`` (either way round) for a loop around it over
    ``range(start, ...)`` whose body rebinds neither ``t`` beyond the loop nor ``start``."""
    if type(test) is not cst.Comparison or len(test.comparisons) != 1 \
            or type(test.comparisons[0].operator) is not cst.Equal:
        return False
    left, right = test.left, test.comparisons[0].comparator
    for loop in loops:
        first = _first_value(loop, qualname)
        if first is None:
            continue
        target, start = first
        for name, value in ((left, right), (right, left)):
            if type(name) is cst.Name and name.value == target and value.deep_equals(start):
                return True
    return False


def _first_value(loop: Loop, qualname: QualName) -> tuple[str, cst.BaseExpression] | None:
    """(target, start) of ``for target in range(start, ...)``; ``range(n)``
    starts at ``0``. None when the start's names are rebound in the body."""
    node = loop.node
    if type(node) is not cst.For or type(node.target) is not cst.Name \
            or type(node.iter) is not cst.Call or qualname(node.iter.func) != "builtins.range":
        return None
    args = node.iter.args
    if not args or any(a.keyword is not None or a.star for a in args):
        return None
    if len(args) == 1:
        return node.target.value, cst.Integer("0")
    start = args[0].value
    if _names(start) & (loop.assigned - {node.target.value}):
        return None
    return node.target.value, start


def _names(expr: cst.BaseExpression) -> set[str]:
    found: set[str] = set()

    class _Names(cst.CSTVisitor):
        def visit_Name(self, node: cst.Name) -> None:
            found.add(node.value)

    expr.visit(_Names())
    return found
