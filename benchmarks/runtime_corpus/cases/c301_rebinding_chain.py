# expect: none
import jax
import jax.numpy as jnp


def sample_trajectory(rng, x0):
    rng, sub = jax.random.split(rng)
    x1 = x0 + jax.random.normal(sub, x0.shape)
    rng, sub = jax.random.split(rng)
    x2 = x1 + jax.random.normal(sub, x0.shape)
    return rng, jnp.stack([x0, x1, x2])
