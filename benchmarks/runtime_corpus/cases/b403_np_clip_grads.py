import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def clipped_update(params, grads, max_abs=1.0):
    grads = jax.tree.map(lambda g: np.clip(g, -max_abs, max_abs), grads)  # expect: JXP403
    return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
