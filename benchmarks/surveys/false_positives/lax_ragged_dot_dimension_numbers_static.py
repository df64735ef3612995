# Seen in google/qwix qwix/_src/core/ragged_dot.py:47, 86, 101, 104, 166, 167, 207 (JXP401,
# JXP403), reached from qwix/_src/core/ragged_dot_qt.py:102 and the jitted test in
# tests/_src/core/ragged_dot_test.py:310.
# `jax.lax.RaggedDotDimensionNumbers(dot_dimension_numbers=..., lhs_ragged_dimensions=...,
# rhs_group_dimensions=...)` builds a static description of which axes contract, batch
# and group, made of Python ints, like `jax.lax.conv_dimension_numbers`. The quantized
# ragged dot rebuilds one from its tiled axes and reads it back in Python (`for l, r in
# zip(lhs_ca, rhs_ca)`, `if dnums.rhs_group_dimensions:`, `sorted(set(...) - set(lhs_ca))`)
# under jit. The analysis takes the result of this jax.lax call for an array computed
# from traced values, so every read of its fields looks like a traced test or index.
# Checked under jax 0.10.2: `python lax_ragged_dot_dimension_numbers_static.py` passes
# (the function runs under jit and gives the dot of each group).
import jax
import jax.numpy as jnp


def ragged_dot(lhs, rhs, group_sizes, dnums):
    (lhs_ca, rhs_ca), (lhs_ba, rhs_ba) = dnums.dot_dimension_numbers
    dnums = jax.lax.RaggedDotDimensionNumbers(
        dot_dimension_numbers=((tuple(lhs_ca), tuple(rhs_ca)), (lhs_ba, rhs_ba)),
        lhs_ragged_dimensions=dnums.lhs_ragged_dimensions,
        rhs_group_dimensions=dnums.rhs_group_dimensions,
    )
    out = jax.lax.ragged_dot_general(lhs, rhs, group_sizes, dnums)
    (new_ca, _), _ = dnums.dot_dimension_numbers
    remaining = sorted(set(range(lhs.ndim)) - set(new_ca))
    if dnums.rhs_group_dimensions:
        return out, remaining
    return out * 2, remaining


def grad_of_rhs(lhs, g, group_sizes):
    dnums = jax.lax.RaggedDotDimensionNumbers(
        dot_dimension_numbers=(((0,), (0,)), ((), ())),
        lhs_ragged_dimensions=[0],
        rhs_group_dimensions=[],
    )
    return ragged_dot(lhs, g, group_sizes, dnums)


BASIC = jax.lax.RaggedDotDimensionNumbers(
    dot_dimension_numbers=(((1,), (1,)), ((), ())),
    lhs_ragged_dimensions=[0],
    rhs_group_dimensions=[0],
)


@jax.jit
def forward(lhs, rhs, group_sizes):
    out, remaining = ragged_dot(lhs, rhs, group_sizes, BASIC)
    return out, grad_of_rhs(lhs, out, group_sizes)[0], len(remaining)


if __name__ == "__main__":
    lhs = jnp.arange(12.0).reshape(4, 3)
    rhs = jnp.ones((2, 3, 5))
    sizes = jnp.array([1, 3])
    out, drhs, n = forward(lhs, rhs, sizes)
    expected = jax.lax.ragged_dot(lhs, rhs, sizes)
    assert jnp.allclose(out, expected) and drhs.shape == (2, 3, 5) and n == 1
    print("ok")
