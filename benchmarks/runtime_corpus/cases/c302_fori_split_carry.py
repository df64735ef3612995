# expect: none
import jax
import jax.numpy as jnp


def random_walk(key, x0, n):
    def body(i, carry):
        key, x = carry
        key, sub = jax.random.split(key)
        return key, x + jax.random.normal(sub, x.shape)

    return jax.lax.fori_loop(0, n, body, (key, x0))[1]
