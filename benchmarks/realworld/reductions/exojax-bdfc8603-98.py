"""The size of a one-argument `jnp.where` used in a Python test, in a function another
module jits and vmaps.

Reduces exojax-bdfc8603-98: `gamma_vald3` is called as `jit(vmap(gamma_vald3, ...))` in
the project's opacity module; `jnp.where(cond)` has a data-dependent size, so its length
is not concrete under the trace.
"""
import warnings

import jax.numpy as jnp


def gamma_vald3(T, P, C6):
    gamma = 1e20 * C6**0.4 * P / T**0.7
    if len(jnp.where(jnp.isnan(gamma))[0]) > 0:  # JXP402
        warnings.warn("nan values were replaced by 0.0")
    return jnp.where(jnp.isnan(gamma), 0.0, gamma)
