"""Sinusoidal timestep embedding with tables precomputed by NumPy from static config."""
import functools
import math

import jax
import jax.numpy as jnp
import numpy as np

MAX_PERIOD = 10_000.0


@functools.partial(jax.jit, static_argnames=("dim", "num_steps"))
def timestep_embedding(t, dim, num_steps):
    half = dim // 2
    freqs = np.exp(-math.log(MAX_PERIOD) * np.arange(half, dtype=np.float32) / half)
    betas = np.linspace(1e-4, 0.02, num_steps, dtype=np.float32)
    alpha_bar = np.cumprod(1.0 - betas)
    args = t[:, None].astype(jnp.float32) * jnp.asarray(freqs)[None, :]
    emb = jnp.concatenate([jnp.cos(args), jnp.sin(args)], axis=-1)
    scale = jnp.asarray(np.sqrt(alpha_bar))[t]
    return emb * scale[:, None] * float(np.float32(1.0 / math.sqrt(dim)))
