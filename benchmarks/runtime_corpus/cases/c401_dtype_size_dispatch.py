"""Numerically careful log-sum-exp that picks its strategy from dtype and size."""
import jax
import jax.numpy as jnp

_CHUNK = 4096


@jax.jit
def stable_logsumexp(x):
    if jnp.issubdtype(x.dtype, jnp.integer):
        x = x.astype(jnp.float32)
    if x.dtype == jnp.float16 or x.dtype == jnp.bfloat16:
        # upcast: half precision overflows in exp
        x = x.astype(jnp.float32)
    if x.size > _CHUNK:
        chunks = x.reshape(-1, _CHUNK)
        m = jnp.max(chunks)
        return m + jnp.log(jnp.sum(jnp.exp(chunks - m)))
    m = jnp.max(x)
    return m + jnp.log(jnp.sum(jnp.exp(x - m)))
