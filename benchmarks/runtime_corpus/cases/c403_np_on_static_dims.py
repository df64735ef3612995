# expect: none
import math

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def attention(q, k, v):
    scale = 1.0 / np.sqrt(q.shape[-1])
    logits = (q @ k.T) * scale
    max_entropy = math.log(logits.shape[-1])
    weights = jax.nn.softmax(logits, axis=-1)
    entropy = -jnp.sum(weights * jnp.log(weights + 1e-9), axis=-1) / max_entropy
    return weights @ v, entropy
