import jax
import jax.numpy as jnp


def _bump_count(opt_state):
    opt_state["count"] += 1  # expect: JXP502
    return opt_state["count"]


@jax.jit
def adam_like_update(grads, opt_state, lr=1e-3):
    count = _bump_count(opt_state)
    mu = 0.9 * opt_state["mu"] + 0.1 * grads
    return -lr * mu / (1 - 0.9 ** count), mu
