"""Host-side SciPy-free matrix square root called from jitted code via pure_callback."""
import jax
import jax.numpy as jnp
import numpy as np


def _host_sqrtm(mat):
    mat = np.asarray(mat)
    vals, vecs = np.linalg.eigh(mat)
    if float(vals.min()) < 0.0:
        vals = np.clip(vals, 0.0, None)
    return (vecs * np.sqrt(vals)) @ vecs.T


@jax.jit
def whiten(x):
    cov = (x.T @ x) / x.shape[0]
    root = jax.pure_callback(_host_sqrtm, jax.ShapeDtypeStruct(cov.shape, cov.dtype), cov)
    return x @ jnp.linalg.inv(root + 1e-5 * jnp.eye(cov.shape[0]))
