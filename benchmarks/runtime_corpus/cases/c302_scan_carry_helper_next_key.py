from typing import NamedTuple

import jax
import jax.numpy as jnp


class WalkState(NamedTuple):
    pos: jax.Array
    rng: jax.Array


def next_rng(state):
    rng, sub = jax.random.split(state.rng)
    return state._replace(rng=rng), sub


def step(state, _):
    state, sub = next_rng(state)
    move = jax.random.choice(sub, jnp.array([-1, 1]))
    state = state._replace(pos=state.pos + move)
    return state, state.pos


@jax.jit
def random_walk(key):
    final, path = jax.lax.scan(step, WalkState(jnp.int32(0), key), None, length=64)
    return path
