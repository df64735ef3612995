import jax
import jax.numpy as jnp
import numpy as np


def prune_first_row(params):
    host = jax.tree.map(np.asarray, params)
    host["w"][0] = 0.0  # expect: JXP201
    return host
