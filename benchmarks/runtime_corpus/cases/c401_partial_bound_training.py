# expect: none
from functools import partial

import jax
import jax.numpy as jnp


def forward(params, x, training):
    h = x @ params
    if training:
        h = h * 0.5
    return jnp.sum(h)


train_fwd = jax.jit(partial(forward, training=True))
eval_fwd = jax.jit(partial(forward, training=False))
