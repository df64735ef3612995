# expect: none
from functools import partial
import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("training", "rate"))
def dropout(key, x, training, rate=0.1):
    if not training or rate == 0.0:
        return x
    keep = jax.random.bernoulli(key, 1.0 - rate, x.shape)
    return jnp.where(keep, x / (1.0 - rate), 0.0)
