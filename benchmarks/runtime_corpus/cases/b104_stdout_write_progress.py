import sys

import jax
import jax.numpy as jnp


def sgd_epoch(w, xs, ys, lr=0.1):
    def step(w, batch):
        x, y = batch
        loss, g = jax.value_and_grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
        return w - lr * g, loss

    w, losses = jax.lax.scan(step, w, (xs, ys))
    sys.stdout.write(f"epoch done, mean loss {losses.mean()}\n")  # expect: JXP104
    return w, losses


train_epoch = jax.jit(sgd_epoch)


def train(w, xs, ys, epochs):
    for _ in range(epochs):
        w, _ = train_epoch(w, xs, ys)
    return w
