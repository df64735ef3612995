import jax
import jax.numpy as jnp


def sample_particle(key, idx, mean, std):
    k = jax.random.fold_in(key, idx)
    return mean + std * jax.random.normal(k, mean.shape)


def init_particles(key, n, mean, std):
    return jax.vmap(sample_particle, in_axes=(None, 0, None, None))(key, jnp.arange(n), mean, std)
