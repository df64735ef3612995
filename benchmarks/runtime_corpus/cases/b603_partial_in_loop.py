import functools
import jax
import jax.numpy as jnp


def loss_fn(params, batch, weight):
    return weight * jnp.mean((batch @ params) ** 2)


def evaluate(params, batches, weight):
    out = []
    for batch in batches:
        f = jax.jit(functools.partial(loss_fn, weight=weight))  # expect: JXP603
        out.append(f(params, batch))
    return out
