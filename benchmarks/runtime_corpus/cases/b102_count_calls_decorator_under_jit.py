# "My call-counting decorator says predict ran once, but I called it three times"
import functools

import jax
import jax.numpy as jnp

N_CALLS = 0


def count_calls(fn):
    @functools.wraps(fn)
    def wrapper(*args):
        global N_CALLS
        N_CALLS += 1  # expect: JXP102
        return fn(*args)

    return wrapper


@jax.jit
@count_calls
def predict(w, x):
    return jnp.tanh(x @ w)
