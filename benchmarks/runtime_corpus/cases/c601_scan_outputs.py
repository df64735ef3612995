# expect: none
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def rnn(h0, xs, w):
    def cell(h, x):
        h = jnp.tanh(w * h + x)
        return h, h

    h_final, hiddens = lax.scan(cell, h0, xs)
    logs = {"final": h_final}
    return logs, hiddens
