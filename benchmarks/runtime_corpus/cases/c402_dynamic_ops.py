# expect: none
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def window(x, start):
    w = lax.dynamic_slice(x, (start,), (3,))
    pos = jnp.nonzero(x > 0, size=3, fill_value=0)[0]
    masked = jnp.where(x > 0, x, 0.0).sum()
    return w, pos, masked
