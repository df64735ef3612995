import jax
import jax.numpy as jnp


def loss(params, batch):
    return jnp.mean((batch @ params) ** 2)


def eval_batch(params, batch):
    f = jax.jit(lambda p: loss(p, batch))  # expect: JXP603
    return f(params)


def evaluate(params, batches):
    return [eval_batch(params, b) for b in batches]
