"""Segmentation augmentation: the image and its mask must get the same random crop and flip."""
import jax
import jax.numpy as jnp


def random_crop(key, x, size):
    h, w = x.shape[:2]
    k_y, k_x = jax.random.split(key)
    top = jax.random.randint(k_y, (), 0, h - size + 1)
    left = jax.random.randint(k_x, (), 0, w - size + 1)
    return jax.lax.dynamic_slice(x, (top, left) + (0,) * (x.ndim - 2), (size, size) + x.shape[2:])


def random_flip(key, x):
    return jnp.where(jax.random.bernoulli(key), x[:, ::-1], x)


@jax.jit
def augment_pair(image, mask, key, crop=24):
    k_crop, k_flip = jax.random.split(key)
    image = random_flip(k_flip, random_crop(k_crop, image, crop))
    mask = random_flip(k_flip, random_crop(k_crop, mask, crop))
    return image, mask
