import jax
import jax.numpy as jnp


def sample_positive(rng, max_tries=5):
    tries = 0
    sample = -1.0
    while sample <= 0 and tries < max_tries:
        sample = float(jax.random.normal(rng))  # expect: JXP302
        tries += 1
    return sample, tries
