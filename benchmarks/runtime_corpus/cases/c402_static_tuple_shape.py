"""Unpatchify a sequence of patches back to an image; the grid is a static tuple."""
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("grid", "patch"))
def unpatchify(patches, grid, patch):
    gh, gw = grid
    b = patches.shape[0]
    c = patches.shape[-1] // (patch * patch)
    x = patches.reshape(b, gh, gw, patch, patch, c)
    x = x.transpose(0, 1, 3, 2, 4, 5)
    out = x.reshape(b, gh * patch, gw * patch, c)
    canvas = jnp.zeros((b, *[g * patch for g in grid], c), out.dtype)
    return canvas + out


def decode(patches, image_hw, patch=4):
    grid = (image_hw[0] // patch, image_hw[1] // patch)
    return unpatchify(patches, grid=grid, patch=patch)
