"""Data generator for a synthetic regression benchmark with heteroscedastic noise."""
from functools import partial

import jax
import jax.numpy as jnp


def make_dataset(key, n, dim, noise_scale=0.1):
    k_w, k_x, k_eps = jax.random.split(key, 3)
    w_true = jax.random.normal(k_w, (dim,))
    x = jax.random.normal(k_x, (n, dim))
    draw_noise = partial(jax.random.normal, k_eps)
    eps = draw_noise((n,))
    scale = noise_scale * (1.0 + jnp.abs(x[:, 0]))
    y = x @ w_true + scale * eps
    return x, y, w_true
