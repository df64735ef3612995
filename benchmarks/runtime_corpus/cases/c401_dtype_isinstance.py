# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def to_float(x, y):
    if jnp.issubdtype(x.dtype, jnp.integer):
        x = x.astype(jnp.float32)
    if isinstance(y, (tuple, list)):
        y = jnp.stack(y)
    if x.shape == y.shape:
        return x + y
    return x
