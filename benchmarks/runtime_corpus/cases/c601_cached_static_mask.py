"""Causal attention whose mask comes from a functools.cache'd NumPy helper."""
import functools

import jax
import jax.numpy as jnp
import numpy as np


@functools.cache
def causal_mask(n):
    return np.tril(np.ones((n, n), dtype=bool))


@functools.lru_cache(maxsize=32)
def head_split(dim, heads):
    assert dim % heads == 0
    return heads, dim // heads


@jax.jit
def causal_attention(x):
    t, d = x.shape
    h, hd = head_split(d, 2)
    q = x.reshape(t, h, hd).transpose(1, 0, 2)
    s = q @ q.transpose(0, 2, 1) / np.sqrt(hd)
    s = jnp.where(causal_mask(t), s, -1e9)
    return (jax.nn.softmax(s, -1) @ q).transpose(1, 0, 2).reshape(t, d)
