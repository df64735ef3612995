from typing import NamedTuple

import jax
import jax.numpy as jnp


class LSTMState(NamedTuple):
    h: jax.Array
    c: jax.Array


def lstm_cell(params, state, x):
    gates = x @ params["wx"] + state.h @ params["wh"]
    i, f, g, o = jnp.split(gates, 4, axis=-1)
    c = jax.nn.sigmoid(f) * state.c + jax.nn.sigmoid(i) * jnp.tanh(g)
    h = jax.nn.sigmoid(o) * jnp.tanh(c)
    return h, c


def run_lstm(params, xs, hidden):
    def step(state, x):
        h, c = lstm_cell(params, state, x)
        return (h, c), h  # expect: JXP501

    init = LSTMState(jnp.zeros(hidden), jnp.zeros(hidden))
    return jax.lax.scan(step, init, xs)
