"""Small Trainer class whose jitted step is pure; updates are counted on the host."""
from functools import partial

import jax
import jax.numpy as jnp
import optax


class Trainer:
    def __init__(self, lr=1e-2):
        self.optimizer = optax.sgd(lr)
        self.num_updates = 0

    def loss(self, params, x, y):
        logits = x @ params
        return optax.sigmoid_binary_cross_entropy(logits, y).mean()

    @partial(jax.jit, static_argnums=0)
    def _step(self, params, opt_state, x, y):
        loss, grads = jax.value_and_grad(self.loss)(params, x, y)
        updates, opt_state = self.optimizer.update(grads, opt_state)
        return optax.apply_updates(params, updates), opt_state, loss

    def step(self, params, opt_state, x, y):
        self.num_updates += 1
        return self._step(params, opt_state, x, y)

    def fit(self, params, x, y, epochs):
        opt_state = self.optimizer.init(params)
        for _ in range(epochs):
            params, opt_state, loss = self.step(params, opt_state, x, y)
        return params, loss
