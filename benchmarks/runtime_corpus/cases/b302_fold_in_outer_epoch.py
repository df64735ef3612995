"""Data augmentation keys derived with fold_in -- but folded with the wrong counter."""
import jax
import jax.numpy as jnp


def augment(key, image):
    flip = jax.random.bernoulli(key, 0.5)
    noise = 0.05 * jax.random.normal(jax.random.fold_in(key, 1), image.shape)
    return jnp.where(flip, image[:, ::-1], image) + noise


def augment_epoch(key, images, epoch):
    out = []
    for i in range(images.shape[0]):
        step_key = jax.random.fold_in(key, epoch)
        out.append(augment(step_key, images[i]))  # expect: JXP302
    return jnp.stack(out)
