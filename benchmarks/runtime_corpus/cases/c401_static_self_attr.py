# expect: none
import functools
import jax
import jax.numpy as jnp


class Scaler:
    def __init__(self, clip):
        self.clip = clip

    def __hash__(self):
        return hash(self.clip)

    def __eq__(self, other):
        return isinstance(other, Scaler) and other.clip == self.clip

    @functools.partial(jax.jit, static_argnums=0)
    def __call__(self, x):
        if self.clip is not None and self.clip > 0:
            x = jnp.clip(x, -self.clip, self.clip)
        return x
