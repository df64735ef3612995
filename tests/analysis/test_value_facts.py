"""Facts about values the surveys of unseen projects taught: NumPy's shape queries of a
tracer are ints, a ``None`` default every traced caller fills, a key a callee never reads."""

from __future__ import annotations

from harness import kind_at

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
