"""Regulariser that uses its key in exactly one of several exclusive branches."""
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("mode",))
def regularize(key, x, mode="dropout", rate=0.1):
    if mode == "dropout":
        keep = jax.random.bernoulli(key, 1.0 - rate, x.shape)
        return jnp.where(keep, x / (1.0 - rate), 0.0)
    elif mode == "noise":
        return x + rate * jax.random.normal(key, x.shape)
    scale = jax.random.uniform(key, (), minval=0.9, maxval=1.1) if mode == "scale" else 1.0
    return x * scale


def per_example_noise(key, x):
    keys = jax.random.split(key, x.shape[0])
    return jax.vmap(lambda k, row: row + jax.random.normal(k, row.shape))(keys, x)
