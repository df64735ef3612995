"""Flatten-and-project head whose buffer sizes are computed from static shapes."""
import math

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def flatten_project(x, w):
    batch = x.shape[0]
    feat = int(np.prod(x.shape[1:]))
    flat = x.reshape(batch, feat)
    scale = 1.0 / math.sqrt(feat)
    proj = flat @ w[:feat] * scale
    # double-width buffer: real part in the first half, padding in the second
    buf = jnp.zeros(x.shape[0] * 2, dtype=proj.dtype)
    buf = buf.at[: x.shape[0]].set(proj.sum(axis=-1))
    n_pad = np.maximum(0, 8 - feat % 8)
    return buf, jnp.pad(flat, ((0, 0), (0, int(n_pad))))
