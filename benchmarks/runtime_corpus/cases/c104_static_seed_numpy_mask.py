from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@partial(jax.jit, static_argnames=("n_masked", "seed"))
def mask_patches(patches, n_masked, seed):
    rng = np.random.default_rng(seed)
    idx = rng.permutation(patches.shape[0])[:n_masked]
    keep = np.ones(patches.shape[0], bool)
    keep[idx] = False
    return patches * jnp.asarray(keep)[:, None]
