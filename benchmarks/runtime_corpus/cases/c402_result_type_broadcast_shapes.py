# expect: none
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def combine(a, b):
    dt = jnp.result_type(a, b, 1.0)
    shape = jnp.broadcast_shapes(a.shape, b.shape)
    out_shape = lax.broadcast_shapes(shape, (1,) * len(shape))
    acc = jnp.zeros(out_shape, dtype=dt)
    if dt == jnp.float32:
        acc = acc + 1.0
    if jnp.issubdtype(a.dtype, jnp.integer):
        a = a.astype(dt)
    return acc + a + b
