import jax
import jax.numpy as jnp


@jax.jit
def flip_negative_leaves(params):
    return jax.tree.map(lambda p: -p if p.sum() < 0 else p, params)  # expect: JXP401
