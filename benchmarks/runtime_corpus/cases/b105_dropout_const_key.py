import jax
import jax.numpy as jnp


@jax.jit
def dropout(x, rate):
    key = jax.random.PRNGKey(42)  # expect: JXP105
    keep = jax.random.bernoulli(key, 1.0 - rate, x.shape)
    return jnp.where(keep, x / (1.0 - rate), 0.0)
