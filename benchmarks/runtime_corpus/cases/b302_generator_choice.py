import jax
import jax.numpy as jnp


def batch_stream(key, data, batch_size):
    n = data.shape[0]
    while True:
        idx = jax.random.choice(key, n, (batch_size,), replace=False)  # expect: JXP302
        yield data[idx]
