# expect: none
from typing import NamedTuple

import jax
import jax.numpy as jnp


class WalkerState(NamedTuple):
    pos: jax.Array
    key: jax.Array


def random_walk(key, n_steps):
    def step(carry, _):
        key, sub = jax.random.split(carry.key)
        pos = carry.pos + jax.random.normal(sub, carry.pos.shape)
        return carry._replace(pos=pos, key=key), pos

    _, path = jax.lax.scan(step, WalkerState(jnp.zeros(2), key), None, length=n_steps)
    return path
