# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def augment(images, seed):
    key = jax.random.PRNGKey(seed)
    k_flip, k_noise = jax.random.split(key)
    flip = jax.random.bernoulli(k_flip, 0.5, (images.shape[0], 1, 1))
    images = jnp.where(flip, images[:, :, ::-1], images)
    return images + 0.01 * jax.random.normal(k_noise, images.shape)


def epoch_batches(images, num_steps):
    return [augment(images, step) for step in range(num_steps)]
