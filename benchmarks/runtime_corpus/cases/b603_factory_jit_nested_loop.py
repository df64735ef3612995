import jax
import jax.numpy as jnp


def make_update(lr):
    def update(p, g):
        return p - lr * g
    return jax.jit(update)


def train(p, grads):
    for g in grads:
        step = make_update(0.1)  # expect: JXP603
        p = step(p, g)
    return p
