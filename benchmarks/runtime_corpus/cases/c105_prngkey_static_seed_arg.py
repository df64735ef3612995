# expect: none
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("seed", "n"))
def init_weights(seed, n):
    key = jax.random.PRNGKey(seed)
    return jax.random.normal(key, (n, n)) / jnp.sqrt(n)
