"""Block-sparse mask sizes computed with int/float/math on static shapes."""
import functools
import math

import jax
import jax.numpy as jnp
import numpy as np


@functools.partial(jax.jit, static_argnames=("block",))
def block_mask(x, block=4):
    n_blocks = int(np.ceil(x.shape[0] / block))
    depth = float(np.log2(x.shape[-1]))
    total = math.prod(x.shape)
    mask = jnp.zeros((n_blocks * block,), bool)
    for b in range(x.shape[0] // block):
        mask = mask.at[b * block].set(True)
    return mask[: x.shape[0]], x.sum() / total * depth
