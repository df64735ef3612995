import jax
import jax.numpy as jnp

ANCHOR_SIZES = []


@jax.jit
def anchor_areas(scales):
    sizes = jnp.asarray(ANCHOR_SIZES)
    return (sizes[None, :] * scales[:, None]) ** 2


for level in range(3):
    ANCHOR_SIZES.append(32.0 * 2 ** level)
