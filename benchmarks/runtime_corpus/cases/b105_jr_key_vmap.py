import jax
import jax.numpy as jnp
from jax import random as jr


def add_noise(x):
    k = jr.key(0)  # expect: JXP105
    return x + 0.1 * jr.normal(k, x.shape)


noisy_batch = jax.vmap(add_noise)
