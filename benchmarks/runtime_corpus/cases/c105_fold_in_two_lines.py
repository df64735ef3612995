# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def episode_noise(episode, shape_like):
    key = jax.random.key(0)
    key = jax.random.fold_in(key, episode)
    return jax.random.normal(key, shape_like.shape)
