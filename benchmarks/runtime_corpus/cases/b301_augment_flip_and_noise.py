import jax
import jax.numpy as jnp


def augment(key, img):
    flip = jax.random.bernoulli(key, 0.5)
    img = jnp.where(flip, img[:, ::-1], img)
    noise = 0.05 * jax.random.normal(key, img.shape)  # expect: JXP301
    return img + noise


augment_batch = jax.jit(jax.vmap(augment))
