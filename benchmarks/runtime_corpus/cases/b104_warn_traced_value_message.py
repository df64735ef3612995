import warnings

import jax
import jax.numpy as jnp


@jax.jit
def clip_grads(grads, max_norm):
    leaves = jax.tree.leaves(grads)
    norm = jnp.sqrt(sum(jnp.sum(g ** 2) for g in leaves))
    if len(leaves) > 1:
        warnings.warn(f"clipping {len(leaves)} gradient leaves, global norm {norm}")  # expect: JXP104
    scale = jnp.minimum(1.0, max_norm / (norm + 1e-6))
    return jax.tree.map(lambda g: g * scale, grads)
