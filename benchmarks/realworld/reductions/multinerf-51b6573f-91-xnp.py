"""Values computed by a module handed in as a parameter (`xnp=jnp`).

Reduces multinerf-51b6573f-91 (the value half): the ray helpers take `xnp` (NumPy or
jax.numpy) as an argument, and the train step passes `xnp=jnp`; `xnp.moveaxis(...)` and
`xnp.broadcast_to(...)` of traced arrays are not known to return traced values, so the
`np.stack` of their pieces is not reported. (With `directions[..., 0]` in place of
`xnp.moveaxis` it is.)
"""
import types

import jax
import jax.numpy as jnp
import numpy as np


def convert_to_ndc(origins, directions, xnp: types.ModuleType = np):
    dx, dy, dz = xnp.moveaxis(directions, -1, 0)
    return origins, np.stack([dx / dz, dy / dz], axis=-1)  # JXP403


def pixels_to_rays(cameras, xnp: types.ModuleType = np):
    return convert_to_ndc(cameras, cameras * 2.0, xnp=xnp)


def train_step(state, cameras):
    return pixels_to_rays(cameras * state, xnp=jnp)


train_pstep = jax.pmap(train_step)
