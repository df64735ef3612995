# expect: none
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def banded_sum(x):
    idx = jnp.arange(x.shape[0])
    total = jnp.zeros(())
    for i in range(idx.size):
        total = total + x[i] * (i + 1)
    mask = np.arange(x.shape[0]) % 2 == 0
    half = int(np.prod(x.shape)) // 2
    return total + jnp.sum(x[mask]) + jnp.zeros(half).sum() + len(idx)
