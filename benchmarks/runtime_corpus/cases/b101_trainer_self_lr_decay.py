import jax
import jax.numpy as jnp


class Trainer:
    def __init__(self, lr):
        self.lr = lr
        self._step = jax.jit(self._update)

    def _update(self, params, grads):
        return jax.tree.map(lambda p, g: p - self.lr * g, params, grads)  # expect: JXP101

    def decay_lr(self, factor=0.5):
        self.lr = self.lr * factor

    def step(self, params, grads):
        return self._step(params, grads)
