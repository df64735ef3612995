import jax
import jax.numpy as jnp


def sample_nonsingular(key, n, max_tries=100):
    tries = 0
    while True:
        key, sub = jax.random.split(key)
        m = jax.random.normal(sub, (n, n))
        tries += 1
        if abs(float(jnp.linalg.det(m))) > 1e-3 or tries >= max_tries:
            return m, tries
