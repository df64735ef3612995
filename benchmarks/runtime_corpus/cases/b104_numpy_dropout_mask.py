"""Dropout whose mask is drawn with NumPy from the static input shape."""
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def dropout(x, rate=0.5):
    keep = np.random.rand(*x.shape) > 0.5  # expect: JXP104
    scale = 1.0 / (1.0 - rate)
    return jnp.where(jnp.asarray(keep), x * scale, 0.0)
