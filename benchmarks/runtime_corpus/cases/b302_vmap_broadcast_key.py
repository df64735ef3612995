import jax
import jax.numpy as jnp


def augment(key, image):
    noise = 0.1 * jax.random.normal(key, image.shape)
    return jnp.clip(image + noise, 0.0, 1.0)


@jax.jit
def augment_batch(key, images):
    return jax.vmap(augment, in_axes=(None, 0))(key, images)  # expect: JXP302
