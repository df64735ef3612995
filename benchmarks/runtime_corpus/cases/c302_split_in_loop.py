# expect: none
import jax
import jax.numpy as jnp


def sample_chain(key, n):
    xs = []
    x = jnp.zeros(2)
    for _ in range(n):
        key, sub = jax.random.split(key)
        x = x + jax.random.normal(sub, x.shape)
        xs.append(x)
    return jnp.stack(xs)
