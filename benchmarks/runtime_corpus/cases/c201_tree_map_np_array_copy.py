# expect: none
import jax
import jax.numpy as jnp
import numpy as np


def prune_first_row(params):
    host = jax.tree.map(np.array, params)
    host["w"][0] = 0.0
    return host
