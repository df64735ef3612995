"""Trainer that keeps a loss history on the instance for early stopping."""
from functools import partial

import jax
import jax.numpy as jnp


class Trainer:
    def __init__(self, lr=0.05):
        self.lr = lr
        self.loss_history = []

    def loss(self, w, x, y):
        return jnp.mean((x @ w - y) ** 2)

    @partial(jax.jit, static_argnums=0)
    def step(self, w, x, y):
        loss, g = jax.value_and_grad(self.loss)(w, x, y)
        self.loss_history.append(loss)  # expect: JXP601
        return w - self.lr * g

    def plateaued(self, window=3, tol=1e-4):
        recent = jnp.stack(self.loss_history[-window:])
        return bool(jnp.max(recent) - jnp.min(recent) < tol)
