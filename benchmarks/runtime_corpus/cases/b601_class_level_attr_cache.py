import jax
import jax.numpy as jnp


class Encoder:
    last_features = None

    def __init__(self, w):
        self.w = w

    def encode(self, x):
        return _encode(self.w, x)


@jax.jit
def _encode(w, x):
    h = jnp.tanh(x @ w)
    Encoder.last_features = h  # expect: JXP601
    return h.sum(-1)
