# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def _ema(ema, params, decay):
    return jax.tree.map(lambda e, p: decay * e + (1 - decay) * p, ema, params)


class EMA:
    def __init__(self, params, decay=0.9):
        self.decay = decay
        self.params = params
        self.history = []

    def update(self, params):
        self.params = _ema(self.params, params, self.decay)
        self.history.append(self.params)
        return self.params
