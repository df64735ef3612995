import jax
import jax.numpy as jnp


@jax.jit
def normalize(x, mask=None):
    assert x.ndim in (1, 2), x.shape
    if not x.size:
        return x
    if jnp.issubdtype(x.dtype, jnp.integer):
        x = x.astype(jnp.float32)
    if mask is not None and mask.shape != x.shape:
        mask = jnp.broadcast_to(mask, x.shape)
    denom = jnp.sum(mask) if mask is not None else x.size
    return x / jnp.maximum(denom, 1)
