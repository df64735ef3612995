"""Fallbacks: a use of a key that runs only where an earlier use produced nothing.

``restore(key) or init(key)``, ``state = restore(path, key)`` then ``if state is None:
state = init(key)``: the second use runs on the path where the first one's result is None
(or falsy) and so is not kept. Of the two uses, at most one result survives: they are
alternatives, as the branches of an ``if`` are (flow/paths.py), and the path a test says
"the earlier result is nothing" starts with the key as it was before that earlier use.

A jax.random draw is not such a first use: its result is an array, and a draw tested for
truth and then drawn again from the same key (``bernoulli(k) or bernoulli(k)``) repeats
its numbers."""

from __future__ import annotations

from dataclasses import replace

import libcst as cst

from jaxpure.analysis.flow.base import WalkerBase
from jaxpure.analysis.syntax import contains, key_path, target_names, target_paths


class Fallbacks(WalkerBase):
    """Which assignment each name (or attribute path) holds the result of, and the keys a
    test saying "that result is nothing" gives back."""

    def note_holders(self, node: cst.Assign) -> None:
        """``node`` binds its targets: from now on they hold its result (a later test of
        one of them speaks of this statement's calls, and of no earlier ones)."""
        holders = self.result_holders
        for target in node.targets:
            for path in target_names(target.target) + target_paths(target.target):
                holders[path] = node

    def release_fallbacks(self, test: cst.BaseExpression, holds: bool) -> None:
        """On the path where ``test`` is ``holds``: a key consumed by a call whose result
        the test says is nothing is as it was before that call (see the module's doc)."""
        subject = nothing_tested(test, holds)
        if subject is None:
            return
        keys = self.ctx.frame.keys
        for name, state in list(keys.items()):
            first = state.consumed_by
            if type(first) is cst.Call and not self.is_draw(first) \
                    and self.result_of(first, subject):
                keys[name] = replace(state, consumed_by=None, consumed_as=None, unread=None,
                                     elsewhere=())

    def result_of(self, call: cst.Call, subject: cst.BaseExpression) -> bool:
        """Whether ``subject`` is (or holds) what the expression around ``call`` gave."""
        if type(subject) is cst.Call:
            return subject is call or contains(subject, call)
        path = key_path(subject)
        statement = self.consumed_in.get(id(call))
        return path is not None and type(statement) is cst.Assign \
            and self.result_holders.get(path) is statement and contains(statement.value, call)

    def is_draw(self, call: cst.Call) -> bool:
        return (self.ctx.qualname(call.func) or "").startswith("jax.random.")


def nothing_tested(test: cst.BaseExpression, holds: bool) -> cst.BaseExpression | None:
    """The expression that ``test`` being ``holds`` says is None or falsy: ``x`` for
    ``x is None`` (holds), ``x is not None`` (fails), ``not x`` (holds) or ``x`` (fails)."""
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
        return nothing_tested(test.expression, not holds)
    if type(test) is cst.Comparison and len(test.comparisons) == 1:
        target = test.comparisons[0]
        if type(target.comparator) is cst.Name and target.comparator.value == "None":
            if type(target.operator) is cst.Is:
                return test.left if holds else None
            if type(target.operator) is cst.IsNot:
                return test.left if not holds else None
        return None
    if not holds and type(test) in (cst.Name, cst.Attribute, cst.Call):
        return test
    return None
