"""SGD with an epoch-level cosine learning rate bound with functools.partial."""
from functools import partial
import math

import jax
import jax.numpy as jnp


def loss_fn(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def sgd_step(w, x, y, lr):
    loss, g = jax.value_and_grad(loss_fn)(w, x, y)
    return w - lr * g, loss


def cosine_lr(epoch, n_epochs, base=0.1):
    return 0.5 * base * (1 + math.cos(math.pi * epoch / n_epochs))


def train(w, batches, n_epochs):
    for epoch in range(n_epochs):
        step = jax.jit(partial(sgd_step, lr=cosine_lr(epoch, n_epochs)))  # expect: JXP603
        for x, y in batches:
            w, loss = step(w, x, y)
    return w
