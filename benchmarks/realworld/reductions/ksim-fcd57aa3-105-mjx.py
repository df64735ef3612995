"""The results of `mjx.make_data` / `mjx.forward` are not known to hold JAX arrays.

Reduces ksim-fcd57aa3-105..108 (the value half): in the tree `mjx_data` comes from
`mjx.make_data(model)` and `mjx.forward(model, mjx_data)`; even written through a
local name, the slice assignment on its field is not reported, because the library's
results are not known to be pytrees of JAX arrays.
"""
import jax
from mujoco import mjx


@jax.jit
def reset(model):
    data = mjx.make_data(model)
    data = mjx.forward(model, data)
    qvel = data.qvel
    qvel[:] = 0.0  # JXP201
    return data
