# expect: none
import jax
import jax.numpy as jnp


def attend(q, k, mask=None, bias=None):
    s = q @ k.T
    if bias is not None and bias.ndim == 1:
        bias = bias[None, :]
    if bias is not None:
        s = s + bias
    if isinstance(mask, jax.Array) and mask.dtype == jnp.bool_:
        s = jnp.where(mask, s, -1e9)
    return jax.nn.softmax(s, axis=-1)


attend_jit = jax.jit(attend)
