import jax
import jax.numpy as jnp


@jax.jit
def split_halves(x):
    half = x.shape[0] // 2
    n_pad = (-x.shape[0]) % 4
    left, right = x[:half], x[half:2 * half]
    padded = jnp.pad(x, (0, n_pad))
    buf = jnp.zeros(x.shape[0] * 2)
    return left + right, padded.reshape(-1, 4), buf.at[: x.shape[0]].set(x)
