# expect: none
# Early JAX tutorials: `np` is jax.numpy, `onp` is the original NumPy.
import jax
import jax.numpy as np
import numpy as onp


@jax.jit
def normalize(x):
    mean = np.mean(x, axis=0)
    std = np.sqrt(np.var(x, axis=0) + 1e-5)
    out = np.asarray((x - mean) / std)
    return np.exp(np.log1p(np.abs(out))) * onp.sqrt(x.shape[0]) / onp.prod(x.shape)
