import jax.numpy as jnp


def apply_masks(grid, masks):
    for r, c in masks:
        if r >= 0:
            grid.at[r, c].set(0.0)  # expect: JXP202
    return grid
