# "My Monte-Carlo estimate of pi is always 0.0 or 4.0"
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames="n")
def estimate_pi(key, n):
    def body(i, hits):
        xy = jax.random.uniform(key, (2,))  # expect: JXP302
        return hits + (jnp.sum(xy ** 2) < 1.0)

    return 4.0 * jax.lax.fori_loop(0, n, body, 0.0) / n
