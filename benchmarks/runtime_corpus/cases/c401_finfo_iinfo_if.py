# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def safe_log(x):
    eps = jnp.finfo(x.dtype).eps
    if eps > 1e-10:
        x = jnp.maximum(x, eps)
    big = jnp.iinfo(jnp.int32).max
    if big > 2 ** 30:
        x = jnp.minimum(x, float(big))
    return jnp.log(x)
