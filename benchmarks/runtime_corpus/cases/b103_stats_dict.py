import jax
import jax.numpy as jnp

STATS = {"calls": 0}


def loss(w, x):
    STATS["calls"] += 1  # expect: JXP103
    return jnp.sum((x @ w) ** 2)


loss_jit = jax.jit(loss)
