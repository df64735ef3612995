from numpy.random import randint
import jax
import jax.numpy as jnp


def random_crop(image, size):
    top = randint(0, image.shape[0] - size + 1)  # expect: JXP104
    return jax.lax.dynamic_slice(image, (top, 0), (size, image.shape[1]))


random_crop_jit = jax.jit(random_crop, static_argnums=1)
