import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def clip_update(grads, max_norm=1.0):
    leaves = jax.tree.leaves(grads)
    gnorm = np.linalg.norm([jnp.linalg.norm(g) for g in leaves])  # expect: JXP403
    scale = jnp.minimum(1.0, max_norm / (gnorm + 1e-6))
    return jax.tree.map(lambda g: g * scale, grads)
