import jax
import jax.numpy as jnp


def rollout(key, x, n):
    xs = []
    for _ in range(n):
        keys = jax.random.split(key)
        key, subkey = keys[0], keys[1]
        x = 0.9 * x + jax.random.normal(subkey, x.shape)
        xs.append(x)
    return jnp.stack(xs)
