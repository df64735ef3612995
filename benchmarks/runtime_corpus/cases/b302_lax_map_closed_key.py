import jax
import jax.numpy as jnp


def random_crop(key, img, size):
    h, w = img.shape
    dy, dx = jax.random.randint(key, (2,), 0, jnp.array([h - size + 1, w - size + 1]))
    return jax.lax.dynamic_slice(img, (dy, dx), (size, size))


def augment_batch(key, images, size=4):
    return jax.lax.map(lambda img: random_crop(key, img, size), images)  # expect: JXP302
