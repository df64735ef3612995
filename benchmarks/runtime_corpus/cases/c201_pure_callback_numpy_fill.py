import jax
import jax.numpy as jnp
import numpy as np


def _host_rank(x):
    x = np.asarray(x)
    out = np.empty_like(x, dtype=np.int32)
    order = np.argsort(x, kind="stable")
    out[order] = np.arange(x.shape[0], dtype=np.int32)
    return out


@jax.jit
def rank(x):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.int32)
    return jax.pure_callback(_host_rank, spec, x)
