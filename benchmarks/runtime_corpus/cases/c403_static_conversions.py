# expect: none
import math
import numpy as np
import jax
import jax.numpy as jnp


@jax.jit
def attention(q, k):
    d = q.shape[-1]
    scale = 1.0 / math.sqrt(d)
    n_elems = int(np.prod(q.shape))
    total = np.sum(q)
    positions = np.arange(q.shape[0])
    bias = jnp.asarray(np.asarray([0.0, 1.0]))
    return jax.nn.softmax(q @ k.T * scale) + float(n_elems) * 0 + positions[:, None] * 0 + bias * 0 + total * 0
