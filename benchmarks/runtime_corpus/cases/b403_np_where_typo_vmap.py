import jax
import jax.numpy as jnp
import numpy as np


def huber(residual, delta=1.0):
    abs_r = jnp.abs(residual)
    return np.where(abs_r < delta, 0.5 * residual ** 2, delta * (abs_r - 0.5 * delta))  # expect: JXP403


def batch_huber(preds, targets):
    return jax.vmap(lambda p, t: huber(p - t).mean())(preds, targets)
