import functools
import jax
import jax.numpy as jnp


class Encoder:
    def __init__(self, w):
        self.w = w
        self.last_hidden = None

    @functools.partial(jax.jit, static_argnums=0)
    def __call__(self, x):
        h = jnp.tanh(x @ self.w)
        self.last_hidden = h  # expect: JXP601
        return h.sum()
