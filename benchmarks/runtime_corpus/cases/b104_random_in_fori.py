import random
import jax
import jax.numpy as jnp
from jax import lax


def jitter_body(i, x):
    return x + random.uniform(-1.0, 1.0)  # expect: JXP104


@jax.jit
def random_walk(x0):
    return lax.fori_loop(0, 10, jitter_body, x0)
