import equinox as eqx
import jax
import jax.numpy as jnp


class RNNState(eqx.Module):
    h: jax.Array
    step: jax.Array


class RNN(eqx.Module):
    cell: eqx.nn.GRUCell

    def __init__(self, din, dh, key):
        self.cell = eqx.nn.GRUCell(din, dh, key=key)

    def __call__(self, xs):
        def body(state, x):
            h = self.cell(x, state.h)
            return (h, state.step + 1), h  # expect: JXP501

        init = RNNState(jnp.zeros(self.cell.hidden_size), jnp.array(0))
        final, hs = jax.lax.scan(body, init, xs)
        return hs
