"""Layer norm that computes its scale with NumPy (fine for shapes, not for values)."""
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def layer_norm(x, gamma, beta):
    d = x.shape[-1]
    fan = np.sqrt(d)
    mean = x.mean(-1, keepdims=True)
    std = np.sqrt(jnp.var(x, axis=-1, keepdims=True) + 1e-5)  # expect: JXP403
    return gamma * (x - mean) / std + beta * fan / fan
