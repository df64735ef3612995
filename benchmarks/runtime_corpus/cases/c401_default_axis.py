# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def logsumexp(x, axis=-1, keepdims=False):
    if axis is None:
        x = x.ravel()
        axis = 0
    m = jnp.max(x, axis=axis, keepdims=True)
    out = m + jnp.log(jnp.sum(jnp.exp(x - m), axis=axis, keepdims=True))
    if not keepdims:
        out = jnp.squeeze(out, axis=axis)
    return out
