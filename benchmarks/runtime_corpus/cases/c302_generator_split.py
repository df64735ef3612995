# expect: none
import jax
import jax.numpy as jnp


def batch_stream(key, data, batch_size):
    n = data.shape[0]
    while True:
        key, sub = jax.random.split(key)
        idx = jax.random.choice(sub, n, (batch_size,), replace=False)
        yield data[idx]
