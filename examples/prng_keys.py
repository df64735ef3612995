"""PRNG keys split with `key, subkey = jax.random.split(key)`.

JAX's random numbers guide: a key is consumed by a sampler or by `split`, and
must never be used again. Split off a fresh subkey for every use, including every
loop iteration, or derive per-step keys with `jax.random.fold_in(key, step)`,
which does not consume `key`.
"""

from functools import partial

import jax
import jax.numpy as jnp


def init_params(key, width):
    w1_key, w2_key = jax.random.split(key)
    w1 = jax.random.normal(w1_key, (width, width)) * 0.1
    w2 = jax.random.normal(w2_key, (width, width)) * 0.1
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
        key, subkey = jax.random.split(key)
        print("mask", step, (dropout(subkey, x, rate=0.5) > 0).astype(int).tolist())
    for step in range(2):
        noise = jax.random.normal(jax.random.fold_in(key, step), (2,))
        print(f"noise {step}: {noise[0]:.2f} {noise[1]:.2f}")
