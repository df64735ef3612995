"""A NumPy reduction of a traced parameter.

Reduces jaxley-d182bf61-1383: `np.min(params[name])` on parameters that the jitted
integrator passes in converts tracers to NumPy (TracerArrayConversionError); np.min is
not known as a conversion, even under a visible jax.jit (np.roll and np.append are).
"""
import jax
import numpy as np


@jax.jit
def check_params(params):
    smallest = np.min(params["axial_diffusion"])  # JXP403
    return params["axial_diffusion"] * 2, smallest
