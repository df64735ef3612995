import logging

import jax
import jax.numpy as jnp

logger = logging.getLogger("trainer")


def _skip(params, grads):
    logger.warning("non-finite gradients, skipping update")  # expect: JXP104
    return params


def _apply(params, grads):
    return params - 0.1 * grads


@jax.jit
def safe_update(params, grads):
    ok = jnp.all(jnp.isfinite(grads))
    return jax.lax.cond(ok, _apply, _skip, params, grads)
