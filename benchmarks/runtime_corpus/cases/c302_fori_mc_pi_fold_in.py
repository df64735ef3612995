# expect: none
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames="n")
def estimate_pi(key, n):
    def body(i, hits):
        xy = jax.random.uniform(jax.random.fold_in(key, i), (2,))
        return hits + (jnp.sum(xy ** 2) < 1.0)

    return 4.0 * jax.lax.fori_loop(0, n, body, 0.0) / n
