# expect: none
import jax
import jax.numpy as jnp


class Trainer:
    def __init__(self, lr):
        self.set_lr(lr)

    def set_lr(self, lr):
        self.lr = lr
        self._step = jax.jit(self._update)

    def _update(self, p, g):
        return p - self.lr * g

    def step(self, p, g):
        return self._step(p, g)
