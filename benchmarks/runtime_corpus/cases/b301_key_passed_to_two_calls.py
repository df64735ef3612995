import jax
import jax.numpy as jnp


@jax.jit
def sample_latent(key, mean, logvar):
    eps = jax.random.normal(key, mean.shape)
    return mean + jnp.exp(0.5 * logvar) * eps


def generate_pair(key, mean, logvar):
    z1 = sample_latent(key, mean, logvar)
    z2 = sample_latent(key, mean, logvar)  # expect: JXP301
    return z1, z2
