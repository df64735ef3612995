from jax import jit
import jax.numpy as jnp


@jit
def hinge(margin, score):
    return max(0.0, margin - score)  # expect: JXP401
