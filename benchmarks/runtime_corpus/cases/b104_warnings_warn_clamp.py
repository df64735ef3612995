import warnings

import jax
import jax.numpy as jnp


@jax.jit
def stable_log_prob(p):
    warnings.warn("clamping probabilities to [1e-6, 1]")  # expect: JXP104
    return jnp.log(jnp.clip(p, 1e-6, 1.0))
