import jax
import jax.numpy as jnp


def loss(params, batch):
    return jnp.mean((batch["x"] @ params - batch["y"]) ** 2)


def validation_losses(params, val_batches):
    return [jax.jit(lambda p: loss(p, b))(params) for b in val_batches]  # expect: JXP603
