import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def scaled_dot(q, k):
    d = q.shape[-1]
    scale = float(1.0 / np.sqrt(d))
    levels = int(np.log2(q.shape[0]))
    bits = int(q.dtype.itemsize * 8)
    logits = (q @ k.T) * scale
    return logits, levels, bits
