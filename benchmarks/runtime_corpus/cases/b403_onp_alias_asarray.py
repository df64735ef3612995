import jax
import jax.numpy as np
import numpy as onp


@jax.jit
def normalize(x):
    mean = np.mean(x, axis=0)
    stats = onp.asarray(mean)  # expect: JXP403
    return (x - stats) / (np.std(x, axis=0) + 1e-5)
