"""A `{'count': ...}` counter threaded through `jax.jit`.

JAX's stateful-computations guide: a jitted function may not keep state in Python
variables, so the state goes in as an argument and comes back as the return value
(`state = increment(state)`). Reading `STEP`, a module constant bound once to an
immutable value, is fine; so is a Python loop over a static argument.
"""

from functools import partial

import jax
import jax.numpy as jnp

STEP = 1


@jax.jit
def increment(state):
    return {"count": state["count"] + STEP}


@partial(jax.jit, static_argnames="times")
def increment_many(state, times):
    for _ in range(times):
        state = increment(state)
    return state


def init_state():
    return {"count": jnp.zeros((), jnp.int32)}


if __name__ == "__main__":
    state = init_state()
    for _ in range(3):
        state = increment(state)
    state = increment_many(state, times=2)
    print("count:", int(state["count"]))
