import jax
import jax.numpy as jnp


def init_and_sample(rng, n):
    w = jax.random.normal(rng, (n, n))
    rng, sample_rng = jax.random.split(rng)  # expect: JXP301
    x = jax.random.normal(sample_rng, (n,))
    return w @ x, rng
