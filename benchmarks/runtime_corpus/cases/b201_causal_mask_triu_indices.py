import jax.numpy as jnp
import numpy as np


def causal_bias(seq_len):
    bias = jnp.zeros((seq_len, seq_len))
    rows, cols = np.triu_indices(seq_len, k=1)
    bias[rows, cols] = -1e9  # expect: JXP201
    return bias
