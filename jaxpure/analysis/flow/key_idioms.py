"""KeyIdioms: a key fed twice on purpose, the exemptions KeyFlow asks before a JXP301.

One shape holds in every file: the two results asserted against each other (a replay that
computes an expected value, flow/assertions.py). The others hold in a test's own code only
(a ``test*`` function, a method of a test class, ``setUp``: module/test_code.py), where a key
shared by two consumers makes a test weaker at worst, while the same code in a library gives
a model correlated noise:

- two ``jax.random`` draws of numbers (the test's inputs), or the very same call again (a
  replay, a determinism check).

What stays a reuse in a test: a key used after a split (the consumer before is the split),
one key for two different models or environments (QDax reset its training and evaluation
environments from one key, a bug its maintainers fixed), and the loop rule (JXP302).
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.catalog import random as R
from jaxpure.analysis.flow.assertions import results_compared
from jaxpure.analysis.flow.base import WalkerBase
from jaxpure.analysis.module.test_code import is_test_function
from jaxpure.analysis.syntax import statements


class KeyIdioms(WalkerBase):
    """Reuses made on purpose."""

    def walked_body(self) -> tuple[cst.CSTNode, ...] | None:
        """The statements of the function being walked (of the module at module level)."""
        unit = self.ctx.frame.unit
        if unit is None:
            return tuple(self.ctx.module.body)
        if type(unit.node) is cst.FunctionDef:
            return statements(unit.node.body)
        return None

    def results_compared(self, first: cst.CSTNode) -> bool:
        """What ``first`` computed and what the call being walked computes are asserted
        against each other later in the function (``expected = dist.sample(seed=subkey)``
        beside ``actual = joint.sample(seed=key)``): the key is replayed, on purpose, to
        compute an expected value (flow/assertions.py)."""
        where = self.consumed_line.get(id(first))
        body = self.walked_body()
        if where is None or not self.lines or body is None:
            return False
        here, j = self.lines[-1]
        return results_compared(body, where[0][where[1]], here[j])

    def test_idiom(self, call: cst.Call, first: cst.CSTNode) -> bool:
        """In a test's own code, ``first`` then ``call`` given one key is one of a test's
        idioms (the module docstring)."""
        if type(first) is not cst.Call or not is_test_function(self.ctx.frame.unit):
            return False
        return self.test_inputs(call, first)

    def test_inputs(self, call: cst.Call, first: cst.Call) -> bool:
        """Two ``jax.random`` draws of numbers from one key: the test's inputs (``preds =
        normal(key, s)``, ``labels = bernoulli(key, 0.5, s)``), correlated on purpose or
        harmlessly; or the very same call again (``reset_fn(key)`` twice): a replay that
        rebuilds the same input or checks determinism."""
        ctx = self.ctx
        if R.draws_values(ctx.qualname(call.func)) and R.draws_values(ctx.qualname(first.func)):
            return True
        return ctx.module.code_for_node(first) == ctx.module.code_for_node(call)
