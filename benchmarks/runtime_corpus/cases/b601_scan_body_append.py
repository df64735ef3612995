import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def rnn(h0, xs, w):
    hiddens = []

    def cell(h, x):
        h = jnp.tanh(w * h + x)
        hiddens.append(h)  # expect: JXP601
        return h, None

    h_final, _ = lax.scan(cell, h0, xs)
    return h_final, jnp.stack(hiddens)
