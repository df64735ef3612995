# expect: none
import jax
import jax.numpy as jnp
import numpy as np

_TABLES = {}


def freq_table(n):
    return _TABLES.setdefault(n, np.exp(-np.arange(n) / n))


@jax.jit
def encode(x):
    return x * freq_table(x.shape[-1])
