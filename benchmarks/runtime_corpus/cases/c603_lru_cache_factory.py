# expect: none
import functools

import jax
import jax.numpy as jnp


@functools.lru_cache(maxsize=None)
def get_pool_fn(window):
    return jax.jit(lambda x: jnp.mean(x.reshape(-1, window), axis=-1))


def pool_all(batches, window=2):
    return [get_pool_fn(window)(b) for b in batches]
