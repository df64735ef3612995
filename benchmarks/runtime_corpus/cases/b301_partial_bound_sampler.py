"""Data generator for a synthetic regression benchmark with heteroscedastic noise."""
from functools import partial

import jax
import jax.numpy as jnp


def make_dataset(key, n, dim, noise_scale=0.1):
    k_w, k_data = jax.random.split(key)
    w_true = jax.random.normal(k_w, (dim,))
    draw = partial(jax.random.normal, k_data)
    x = draw((n, dim))
    eps = draw((n,))  # expect: JXP301
    scale = noise_scale * (1.0 + jnp.abs(x[:, 0]))
    y = x @ w_true + scale * eps
    return x, y, w_true


def train_test_split(x, y, frac=0.8):
    n_train = int(frac * x.shape[0])
    return (x[:n_train], y[:n_train]), (x[n_train:], y[n_train:])
