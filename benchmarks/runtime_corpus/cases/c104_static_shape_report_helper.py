import logging

import jax
import jax.numpy as jnp

log = logging.getLogger("model")


def describe(name, x):
    print(f"[{name}] shape={x.shape} dtype={x.dtype}")
    log.debug("%s: ndim=%d", name, x.ndim)


@jax.jit
def encoder(x, w):
    describe("input", x)
    h = jnp.tanh(x @ w)
    describe("hidden", h)
    return h
