# expect: none
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def noisy_rollout(key, x0):
    keys = jax.random.split(key, 8)

    def body(x, k):
        x = x + jax.random.normal(k, x.shape)
        return x, x

    return lax.scan(body, x0, keys)[1]
