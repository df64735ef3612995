"""Facts about values the surveys of unseen projects taught: NumPy's shape queries of a
tracer are ints, a ``None`` default every traced caller fills, a key a callee never reads."""

from __future__ import annotations

import textwrap

import libcst as cst
from harness import events, kind_at

from jaxpure.analysis import lattice as V
from jaxpure.analysis.pipeline import analyze


def traced_at(source: str, expr: str, seeds: list | None = None) -> bool:
    """Whether the walk takes the first expression whose code is ``expr`` for traced code."""
    module = cst.parse_module(textwrap.dedent(source))
    found: list[bool] = []

    def record(node: object, ctx) -> None:
        if not found and module.code_for_node(node) == expr:  # type: ignore[arg-type]
            found.append(ctx.traced)

    analyze(module, {cst.Call: [record]}, seeds=seeds)
    assert found, f"the walk never reached {expr!r}"
    return found[0]

SHAPES = """\
import jax
import numpy as np

@jax.jit
def f(x):
    a = np.size(x) > 1
    b = np.size(x, 0)
    c = np.shape(x)[0] + np.ndim(x)
    d = np.sum(x) > 0
    return a, b, c, d
"""


def test_numpy_shape_queries_of_a_tracer_are_static():
    assert kind_at(SHAPES, "np.size(x) > 1") == V.STATIC
    assert kind_at(SHAPES, "np.size(x, 0)") == V.STATIC
    assert kind_at(SHAPES, "np.shape(x)[0] + np.ndim(x)") == V.STATIC


def test_a_numpy_reduction_of_a_tracer_stays_traced():
    assert V.is_traced(kind_at(SHAPES, "np.sum(x) > 0"))


HELD = """\
import jax

class Fitter:
    def __init__(self, n):
        self._step = self._make_step()

    def _make_step(self):
        @jax.jit
        def _step(rng, params):
            return params * 0.5{draw}
        return _step

    def fit(self, rng, params):
        for _ in range(10):
            params = self._step(rng, params)
        return params
{subclass}"""


def test_a_key_handed_to_a_held_closure_that_never_reads_it_is_not_used():
    assert events(HELD.format(draw="", subclass="")) == []


def test_a_held_closure_that_draws_from_the_key_reuses_it():
    source = HELD.format(draw=" + jax.random.normal(rng, params.shape)", subclass="")
    assert events(source) == [("KeyReuseInLoop", "rng", 15)]


def test_a_factory_a_subclass_overrides_is_not_followed():
    subclass = ("\nclass Noisy(Fitter):\n    def _make_step(self):\n"
                "        return lambda rng, params: jax.random.normal(rng, params.shape)\n")
    assert events(HELD.format(draw="", subclass=subclass)) == [("KeyReuseInLoop", "rng", 15)]


def test_an_attribute_holding_two_functions_is_not_followed():
    source = HELD.format(draw="", subclass="").replace(
        "self._step = self._make_step()",
        "self._step = self._make_step() if n else jax.random.normal")
    assert events(source) == [("KeyReuseInLoop", "rng", 15)]


GIVEN = """\
import jax
import jax.numpy as jnp

def resample(key, log_w, n=None):
    if n is None:
        n = int(jnp.exp(log_w.sum()))
    return jax.random.categorical(key, log_w, shape=(n,))

def step(i, carry):
    key, log_w = carry
    return key, log_w + resample(key, log_w, {passed})[0]

def run(log_w):
    return jax.lax.fori_loop(0, 3, step, (jax.random.PRNGKey(0), log_w))
"""


def test_a_none_branch_no_traced_call_takes_is_untraced():
    for passed in ("1", "n=2", "len(log_w)", "log_w.shape[0] + 1", "jnp.int32(3)"):
        assert not traced_at(GIVEN.format(passed=passed), "jnp.exp(log_w.sum())"), passed


def test_a_none_branch_a_traced_call_may_take_is_traced():
    for passed in ("None", "n=None", "log_w.shape and None", "*[]", "**{}", "i if i else None"):
        source = GIVEN.format(passed=passed)
        assert traced_at(source, "jnp.exp(log_w.sum())"), passed
    # left out by a second traced call
    source = GIVEN.format(passed="1").replace(
        "    return key, log_w +", "    resample(key, log_w)\n    return key, log_w +")
    assert traced_at(source, "jnp.exp(log_w.sum())")


def test_a_parameter_rebound_before_its_none_test_is_not_narrowed():
    source = GIVEN.format(passed="1").replace(
        "    if n is None:", "    n = n if log_w.ndim == 1 else None\n    if n is None:")
    assert traced_at(source, "jnp.exp(log_w.sum())")


def test_a_function_a_transform_is_applied_to_is_not_narrowed():
    source = GIVEN.format(passed="1") + "\nfast = jax.jit(resample)\n"
    assert traced_at(source, "jnp.exp(log_w.sum())")


def test_given_parameters_of_a_call():

    from jaxpure.analysis.flow.given import given_parameters, rebound_outside_none_branch
    from jaxpure.analysis.module.index import build_index

    module = cst.parse_module("def f(a, b=None, c=2, *, d=None):\n"
                              "    if b is None:\n        b = 1\n    return a\n")
    unit = build_index(module, None).defs["f"]

    def given(call: str) -> set[str]:
        node = cst.parse_expression(call)
        assert type(node) is cst.Call
        return set(given_parameters(unit, node, 0, lambda e: type(e) is cst.Integer))

    assert given("f(1, 2)") == {"a", "b", "c"}
    assert given("f(x, b=None, d=3)") == {"c", "d"}
    assert given("f(1, *rest)") == {"a"}
    assert not rebound_outside_none_branch(unit, "b")


def test_a_none_branch_callers_in_other_modules_never_take_is_untraced():
    from jaxpure.analysis.module.summary import Seed

    helper = GIVEN.split("def step")[0]

    def seed(given: tuple) -> Seed:
        return Seed("resample", "jax.lax.fori_loop", "jax.lax.fori_loop", "jax.lax.fori_loop",
                    "`step` in loop.py:7", (6, 7, 1), (), given=given)

    assert not traced_at(helper, "jnp.exp(log_w.sum())", [seed((2,))])
    assert not traced_at(helper, "jnp.exp(log_w.sum())", [seed(("n",))])
    assert traced_at(helper, "jnp.exp(log_w.sum())", [seed(())])
    assert traced_at(helper, "jnp.exp(log_w.sum())", [seed((2,)), seed((0, 1))])
    assert Seed.from_json(seed((2, "n")).to_json()).given == (2, "n")


PASSED_ON = """\
import jax
import jax.numpy as jnp

def resample(key, log_w, n=None):
    if n is None:
        n = int(jnp.exp(log_w.sum()))
    return jax.random.categorical(key, log_w, shape=(n,))

def masked(key, log_w, {param}):
    return resample(key, log_w, n=count)

def step(i, carry):
    key, log_w = carry
    return key, log_w + masked(key, log_w, {passed})[0]

def run(log_w):
    return jax.lax.fori_loop(0, 3, step, (jax.random.PRNGKey(0), log_w))
"""


def test_a_parameter_passed_on_is_not_none_when_declared_or_given():
    for param, passed in (("count: int", "i"), ("count", "1"), ("count=None", "count=2"),
                          ("count: int = 2", "")):
        source = PASSED_ON.format(param=param, passed=passed)
        assert not traced_at(source, "jnp.exp(log_w.sum())"), (param, passed)
    for param, passed in (("count: int = None", ""), ("count", "i"), ("count=None", "")):
        source = PASSED_ON.format(param=param, passed=passed)
        assert traced_at(source, "jnp.exp(log_w.sum())"), (param, passed)
