# expect: none
from functools import partial

import jax
import jax.numpy as jnp


def dropout(x, key, rate, deterministic):
    if deterministic or rate == 0.0:
        return x
    keep = jax.random.bernoulli(key, 1.0 - rate, x.shape)
    return jnp.where(keep, x / (1.0 - rate), 0.0)


@partial(jax.jit, static_argnames=("deterministic",))
def forward(params, x, key, deterministic=False):
    h = jnp.tanh(x @ params)
    h = dropout(h, key, rate=0.5, deterministic=deterministic)
    return h.sum()
