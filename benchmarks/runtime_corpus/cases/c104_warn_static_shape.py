import warnings

import jax
import jax.numpy as jnp


@jax.jit
def attention(q, k, v):
    if q.shape[-1] % 8 != 0:
        warnings.warn(f"head dim {q.shape[-1]} is not a multiple of 8; matmuls will be padded")
    scores = q @ k.T / jnp.sqrt(q.shape[-1])
    return jax.nn.softmax(scores, axis=-1) @ v
