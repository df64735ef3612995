"""Chunked sequence reduction sized from static shape info with Python builtins."""
import math

import jax
import jax.numpy as jnp

MAX_CHUNK = 8


@jax.jit
def chunked_sum(x):
    assert x.ndim == 2, f"expected (t, d), got {x.shape}"
    chunk = min(x.shape[0], MAX_CHUNK)
    width = max(x.shape)
    padded_len = 1
    while padded_len < x.shape[0]:
        padded_len *= 2
    if x.shape[0] in (1, 2) or not bool(x.shape):
        return x.sum(0), width
    x = jnp.pad(x, ((0, padded_len - x.shape[0]), (0, 0)))
    n_chunks = math.ceil(padded_len / chunk)
    parts = [x[i * chunk:(i + 1) * chunk].sum(0) for i in range(n_chunks)]
    return sum(parts), width
