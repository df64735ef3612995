"""Image augmentation pipeline (random flip + brightness jitter) applied on device."""
import jax
import jax.numpy as jnp
import numpy as np


def random_flip(images, p=0.5):
    flip = np.random.rand() < p  # expect: JXP104
    return jnp.where(flip, images[:, :, ::-1, :], images)


def brightness(images, key, max_delta=0.1):
    delta = jax.random.uniform(key, (images.shape[0], 1, 1, 1), minval=-max_delta, maxval=max_delta)
    return jnp.clip(images + delta, 0.0, 1.0)


@jax.jit
def augment(images, key):
    images = random_flip(images)
    return brightness(images, key)


def augmented_batches(dataset, key, n_epochs):
    for _ in range(n_epochs):
        for images in dataset:
            key, sub = jax.random.split(key)
            yield augment(images, sub)
