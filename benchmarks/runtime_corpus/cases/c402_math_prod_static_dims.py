import math

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def flatten_and_project(x, w):
    lead = x.shape[:-2]
    feat = math.prod(x.shape[-2:])
    flat = x.reshape(int(np.prod(lead)), feat)
    bias = jnp.zeros((feat,), x.dtype)
    out = (flat + bias) @ w[:feat]
    return out.reshape(*lead, -1)
