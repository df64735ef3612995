import jax.numpy as jnp
from jax import random as jr


def sample_batch(rng, data, batch_size):
    perm_key, noise_key = jr.split(rng)
    idx = jr.choice(perm_key, data.shape[0], (batch_size,), replace=False)
    noise = jr.normal(rng, (batch_size, data.shape[1]))  # expect: JXP301
    return data[idx] + 0.01 * noise
