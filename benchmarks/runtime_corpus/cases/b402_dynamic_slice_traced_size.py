import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def crop_sequence(tokens, start, length):
    window = lax.dynamic_slice(tokens, (start,), (length,))  # expect: JXP402
    return jnp.sum(window)
