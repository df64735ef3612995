# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def ensure_batched(x, mask=None):
    if x.ndim == 1:
        x = x[None, :]
    if x.shape[0] > 1 and len(x) > 1:
        x = x - x.mean(axis=0)
    if mask is not None:
        x = jnp.where(mask, x, 0.0)
    if x.dtype == jnp.float32 and x.size > 0:
        x = x * 1.0
    return x
