# expect: none
import functools

import jax
import jax.numpy as jnp
import numpy as np


@functools.lru_cache(maxsize=16)
def causal_mask(n):
    return np.tril(np.ones((n, n), dtype=bool))


@jax.jit
def masked_attention(q, k):
    logits = q @ k.T
    logits = jnp.where(causal_mask(q.shape[0]), logits, -1e9)
    return jax.nn.softmax(logits, axis=-1)
