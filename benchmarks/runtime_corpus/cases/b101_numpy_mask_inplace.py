import numpy as np
import jax
import jax.numpy as jnp

active = np.ones(4, dtype=np.float32)


@jax.jit
def masked_sum(x):
    return jnp.sum(x * active)  # expect: JXP101


def deactivate(i):
    active[i] = 0.0
