# expect: none
import equinox as eqx
import jax
import jax.numpy as jnp


class RNNState(eqx.Module):
    h: jax.Array
    step: jax.Array

    @classmethod
    def zeros(cls, hidden):
        return cls(jnp.zeros(hidden), jnp.array(0))


class RNN(eqx.Module):
    cell: eqx.nn.GRUCell

    def __init__(self, din, dh, key):
        self.cell = eqx.nn.GRUCell(din, dh, key=key)

    def __call__(self, xs):
        def body(state, x):
            h = self.cell(x, state.h)
            return RNNState(h=h, step=state.step + 1), h

        final, hs = jax.lax.scan(body, RNNState.zeros(self.cell.hidden_size), xs)
        return hs, final.step
