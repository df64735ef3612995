import jax
import jax.numpy as jnp

SEED = 0


@jax.jit
def dropout(x, rate):
    key = jax.random.key(SEED)  # expect: JXP105
    keep = jax.random.bernoulli(key, 1.0 - rate, x.shape)
    return jnp.where(keep, x / (1.0 - rate), 0.0)
