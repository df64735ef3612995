"""Facts about values the surveys of unseen projects taught: NumPy's shape queries of a
tracer are ints, a ``None`` default every traced caller fills, a key a callee never reads."""

from __future__ import annotations

from harness import events, kind_at

from jaxpure.analysis import lattice as V

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
