"""Value kinds as the walk sees them at a point (through the harness)."""

from __future__ import annotations

from harness import kind_at

from jaxpure.analysis import lattice as V

JIT = """\
import jax
import numpy as np

@jax.jit
def f(x):
    y = x + 1
    n = len(x.shape)
    c = np.zeros(3)
    if isinstance(x, int):
        w = x
    return y, n, c
"""


def test_arithmetic_on_a_traced_parameter_is_a_traced_array():
    assert kind_at(JIT, "y", 1) == V.TRACED_ARRAY


def test_the_shape_of_a_traced_value_is_static():
    assert kind_at(JIT, "n", 1) == V.STATIC


def test_a_numpy_constant_is_numpy():
    assert kind_at(JIT, "c", 1) == V.NUMPY


def test_isinstance_narrows_the_true_branch_to_a_python_value():
    assert kind_at(JIT, "x", 4) == V.STATIC


def test_the_same_name_outside_a_transform_is_not_traced():
    assert not V.is_traced(kind_at(JIT.replace("@jax.jit\n", ""), "y", 1))
