# expect: none
import jax
import jax.numpy as jnp
import numpy as np


def causal_bias(seq_len):
    bias = np.zeros((seq_len, seq_len), dtype=np.float32)
    rows, cols = np.triu_indices(seq_len, k=1)
    bias[rows, cols] = -1e9
    return jnp.asarray(bias)


@jax.jit
def attend(q, k, bias):
    return jax.nn.softmax(q @ k.T + bias, axis=-1)
