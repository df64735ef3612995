"""Broken twin of prng_keys.py: keys used more than once.

What goes wrong at runtime, silently: the same key always gives the same bits.
- `init_params` draws both layers from one key, so the two weight matrices are
  identical (different samplers on one key would be correlated instead).
- The loop passes the same key to `dropout` on every step, so every step drops
  the same units.
JAX raises nothing (with `jax_debug_key_reuse` it does, for typed keys only).
Fix: `key, subkey = jax.random.split(key)` before each use (see prng_keys.py).
"""

from functools import partial

import jax
import jax.numpy as jnp


def init_params(key, width):
    w1 = jax.random.normal(key, (width, width)) * 0.1
    w2 = jax.random.normal(key, (width, width)) * 0.1  # JXP301
    return {"w1": w1, "w2": w2}


@partial(jax.jit, static_argnames="rate")
def dropout(key, x, rate):
    keep = jax.random.bernoulli(key, 1.0 - rate, x.shape)
    return jnp.where(keep, x / (1.0 - rate), 0.0)


if __name__ == "__main__":
    key = jax.random.key(0)
    key, init_key = jax.random.split(key)
    params = init_params(init_key, 4)
    print("layers identical:", bool(jnp.array_equal(params["w1"], params["w2"])))
    x = jnp.ones(6)
    for step in range(3):
        print("mask", step, (dropout(key, x, rate=0.5) > 0).astype(int).tolist())  # JXP302
