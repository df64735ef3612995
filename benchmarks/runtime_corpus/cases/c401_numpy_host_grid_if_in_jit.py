import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def quadrature(f_vals):
    n = f_vals.shape[0]
    nodes = np.linspace(-1.0, 1.0, n)
    if np.any(np.diff(nodes) <= 0) or n < 2:
        raise ValueError("bad grid")
    weights = np.full(n, nodes[1] - nodes[0])
    weights[[0, -1]] *= 0.5
    return jnp.dot(f_vals, weights.astype(np.float32))
