import jax
import jax.numpy as jnp


def compute_loss(params, batch):
    preds = batch["x"] @ params
    return jnp.mean((preds - batch["y"]) ** 2)


@jax.jit
def guarded_update(params, grads, batch):
    loss = compute_loss(params, batch)
    if loss < 1e-3:  # expect: JXP401
        return params
    return params - 0.1 * grads
