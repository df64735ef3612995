from functools import partial

import jax
import jax.numpy as jnp


class Scaler:
    def __init__(self, scale):
        self.scale = scale

    def set_scale(self, scale):
        self.scale = scale

    def __hash__(self):
        return hash(self.scale)

    def __eq__(self, other):
        return isinstance(other, Scaler) and other.scale == self.scale

    @partial(jax.jit, static_argnums=0)
    def __call__(self, x):
        return x * self.scale  # expect: JXP101
