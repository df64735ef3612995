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
from jaxpure.analysis.syntax import assigned_in, push_children

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


def runs_at_most_once(loop: Loop, test: cst.BaseExpression, holds: bool,
                      qualname: QualName) -> bool:
    """Whether ``test`` being ``holds`` means that ``loop``, ``for i in range(n)`` (or
    ``range(0, n)``) with ``n`` not rebound in its body, runs at most once: ``n > 1`` false,
    ``n == 1`` or ``n < 2`` true (bayesnf's ``fit_map`` hands its seed on unsplit only when
    ``num_splits == 1``)."""
    node = loop.node
    if _picks_one_element(loop, test, holds):
        return True
    if type(node) is not cst.For or type(node.iter) is not cst.Call \
            or qualname(node.iter.func) != "builtins.range" \
            or type(test) is not cst.Comparison or len(test.comparisons) != 1 \
            or any(a.keyword is not None or a.star for a in node.iter.args):
        return False
    args = node.iter.args
    if len(args) == 2 and type(args[0].value) is cst.Integer and args[0].value.evaluated_value == 0:
        args = args[1:]
    if len(args) != 1 or type(args[0].value) is not cst.Name \
            or args[0].value.value in loop.assigned:
        return False
    stop = args[0].value.value
    operator = type(test.comparisons[0].operator).__name__
    left, right = test.left, test.comparisons[0].comparator
    if type(right) is cst.Name and right.value == stop:
        left, right, operator = right, left, _FLIPPED.get(operator, operator)
    if type(left) is not cst.Name or left.value != stop or type(right) is not cst.Integer:
        return False
    if not holds:
        operator = _NEGATED.get(operator, operator)
    bound = _AT_MOST_ONCE.get(operator)
    return bound is not None and right.evaluated_value <= bound


# `n OP c` (libcst's operator names) with the largest c for which it means n <= 1
_AT_MOST_ONCE = {"LessThanEqual": 1, "LessThan": 2, "Equal": 1}
_FLIPPED = {"LessThan": "GreaterThan", "GreaterThan": "LessThan",
            "LessThanEqual": "GreaterThanEqual", "GreaterThanEqual": "LessThanEqual"}
_NEGATED = {"GreaterThan": "LessThanEqual", "GreaterThanEqual": "LessThan",
            "LessThan": "GreaterThanEqual", "LessThanEqual": "GreaterThan",
            "Equal": "NotEqual", "NotEqual": "Equal"}


def _picks_one_element(loop: Loop, test: cst.BaseExpression, holds: bool) -> bool:
    """``for n in [0, 1]:`` (a literal of numbers or strings, ``n`` not rebound in the body)
    and ``n == 1`` being ``holds`` (or ``n != 1`` not): at most one element passes, so the
    path is walked on at most one iteration (ColabDesign's trRosetta block applies dropout
    only ``if n == 1``)."""
    node = loop.node
    if type(node) is not cst.For or type(node.target) is not cst.Name \
            or not isinstance(node.iter, (cst.List, cst.Tuple)) \
            or type(test) is not cst.Comparison or len(test.comparisons) != 1:
        return False
    target = node.target.value
    if target in assigned_in(node.body):
        return False
    operator = type(test.comparisons[0].operator)
    if operator is cst.NotEqual:
        operator, holds = cst.Equal, not holds
    left, right = test.left, test.comparisons[0].comparator
    if type(right) is cst.Name and right.value == target:
        left, right = right, left
    picked, elements = _constant(right), [_constant(e.value) for e in node.iter.elements]
    if operator is not cst.Equal or type(left) is not cst.Name or left.value != target \
            or picked is None or any(e is None or type(e) is not type(picked) for e in elements):
        return False
    return sum((e == picked) is holds for e in elements) <= 1


def _constant(expr: cst.BaseExpression) -> int | str | None:
    """The value of an integer or string literal."""
    if type(expr) is cst.Integer:
        return int(expr.evaluated_value)
    if type(expr) is cst.SimpleString and isinstance(expr.evaluated_value, str):
        return expr.evaluated_value
    return None


def mark_runs_once(loops: list[Loop], test: cst.BaseExpression, holds: bool,
                   qualname: QualName) -> Loop | None:
    """On the path where ``test`` is ``holds``: mark the innermost loop as run at most once
    there when the test says so (:func:`runs_at_most_once`); the loop marked, to unmark
    once the path is walked."""
    if not loops or loops[-1].runs_once_here \
            or not runs_at_most_once(loops[-1], test, holds, qualname):
        return None
    loops[-1].runs_once_here = True
    return loops[-1]


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


def runs_at_least_once(node: cst.For, literal: Callable[[cst.BaseExpression], int | None]
                       ) -> bool:
    """The ``for`` loop runs its body at least once and only leaves at its end: it walks
    ``range(n)`` / ``range(a, b)`` of positive length (``literal``: the integer a name or
    expression surely holds, ``n_steps = 500`` bound once) or a non-empty list or tuple
    display, and its body has no ``break``, ``continue`` or ``return`` of its own. After it,
    what the body last bound holds: the path that skips the loop does not exist (`for i in
    range(n_steps): act_rng, rng = split(rng)`, then `split(rng)`: the last key of the
    chain; mjx's tutorial, whose loop may `break` after its split, stays joined)."""
    iterable = node.iter
    if isinstance(iterable, (cst.List, cst.Tuple)):
        nonempty = bool(iterable.elements) and not any(
            isinstance(e, cst.StarredElement) for e in iterable.elements)
    elif type(iterable) is cst.Call and type(iterable.func) is cst.Name \
            and iterable.func.value == "range" and 1 <= len(iterable.args) <= 2 \
            and not any(a.keyword or a.star for a in iterable.args):
        bounds = [literal(a.value) for a in iterable.args]
        start, stop = (0, bounds[0]) if len(bounds) == 1 else (bounds[0], bounds[1])
        nonempty = start is not None and stop is not None and stop > start
    else:
        return False
    return nonempty and not _leaves_early(node.body)


def _leaves_early(body: cst.BaseSuite) -> bool:
    """A ``break``/``continue`` of this loop, or a ``return``, somewhere in its body."""
    pending: list[cst.CSTNode] = [body]
    while pending:
        current = pending.pop()
        kind = type(current)
        if kind is cst.Return or kind is cst.Break or kind is cst.Continue:
            return True
        if kind is cst.For or kind is cst.While:
            if _returns(current):  # its own break and continue are not this loop's
                return True
        elif kind is not cst.FunctionDef and kind is not cst.ClassDef and kind is not cst.Lambda:
            push_children(current, pending)
    return False


def _returns(node: cst.CSTNode) -> bool:
    pending: list[cst.CSTNode] = [node]
    while pending:
        current = pending.pop()
        if type(current) is cst.Return:
            return True
        if type(current) not in (cst.FunctionDef, cst.ClassDef, cst.Lambda):
            push_children(current, pending)
    return False
