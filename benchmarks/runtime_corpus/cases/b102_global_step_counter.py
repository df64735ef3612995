"""Noam-style warmup schedule; a global counter tracks how many train steps have run."""
import jax
import jax.numpy as jnp

global_step = 0
D_MODEL = 64
WARMUP = 4000


def noam_lr(step):
    step = jnp.maximum(step, 1)
    return D_MODEL ** -0.5 * jnp.minimum(step ** -0.5, step * WARMUP ** -1.5)


def loss_fn(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@jax.jit
def train_step(w, x, y, step):
    global global_step
    global_step += 1  # expect: JXP102
    lr = noam_lr(step)
    loss, g = jax.value_and_grad(loss_fn)(w, x, y)
    return w - lr * g, loss


def train(w, data, epochs):
    step = 0
    for _ in range(epochs):
        for x, y in data:
            step += 1
            w, loss = train_step(w, x, y, step)
    return w, global_step
