import functools

import jax
import jax.numpy as jnp

jit_static_mode = functools.partial(jax.jit, static_argnames=("reduction",))


@jit_static_mode
def masked_loss(err, mask, reduction="mean"):
    err = jnp.where(mask, err ** 2, 0.0)
    if reduction == "mean":
        return err.sum() / jnp.maximum(mask.sum(), 1)
    elif reduction == "sum":
        return err.sum()
    return err
