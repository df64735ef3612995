# expect: none
# The fix: count outside the compiled function, so the wrapper runs on every call.
import functools

import jax
import jax.numpy as jnp

N_CALLS = 0


def count_calls(fn):
    @functools.wraps(fn)
    def wrapper(*args):
        global N_CALLS
        N_CALLS += 1
        return fn(*args)

    return wrapper


@count_calls
@jax.jit
def predict(w, x):
    return jnp.tanh(x @ w)
