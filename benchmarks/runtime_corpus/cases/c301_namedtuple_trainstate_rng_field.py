from typing import NamedTuple

import jax
import jax.numpy as jnp


class TrainState(NamedTuple):
    params: jax.Array
    rng: jax.Array
    step: jax.Array


def dropout(rng, x, rate=0.5):
    keep = jax.random.bernoulli(rng, 1.0 - rate, x.shape)
    return jnp.where(keep, x / (1.0 - rate), 0.0)


@jax.jit
def train_step(state, x):
    rng, dropout_rng = jax.random.split(state.rng)
    h = dropout(dropout_rng, x * state.params)
    new_state = state._replace(rng=rng, step=state.step + 1)
    return new_state, h


def init_state(seed, dim):
    rng = jax.random.key(seed)
    rng, init_rng = jax.random.split(rng)
    params = jax.random.normal(init_rng, (dim,))
    return TrainState(params=params, rng=rng, step=jnp.zeros((), jnp.int32))
