# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def sample(key, x):
    return x + jax.random.normal(key, x.shape)


def compile_and_run(key, x):
    hlo = sample.lower(key, x).as_text()
    raw = jax.random.key_data(key)
    return sample(key, x), len(hlo), raw
