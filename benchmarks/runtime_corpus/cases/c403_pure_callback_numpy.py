# expect: none
import numpy as np
import jax
import jax.numpy as jnp


def _host_median(x):
    return np.asarray(np.median(np.asarray(x)), dtype=np.float32)


@jax.jit
def robust_center(x):
    med = jax.pure_callback(_host_median, jax.ShapeDtypeStruct((), jnp.float32), x)
    return x - med
