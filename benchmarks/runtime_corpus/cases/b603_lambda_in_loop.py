import jax
import jax.numpy as jnp


def loss_fn(params, batch):
    return jnp.mean((batch @ params) ** 2)


def evaluate(params, batches):
    losses = []
    for batch in batches:
        losses.append(jax.jit(lambda p: loss_fn(p, batch))(params))  # expect: JXP603
    return losses
