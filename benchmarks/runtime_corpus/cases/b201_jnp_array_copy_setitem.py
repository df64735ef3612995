# "I made a copy first, why is it still immutable?"
import jax.numpy as jnp


def zero_boundary(grid):
    out = jnp.array(grid, copy=True)
    out[0] = 0.0  # expect: JXP201
    return out
