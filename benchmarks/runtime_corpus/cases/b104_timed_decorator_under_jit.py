import functools
import time

import jax
import jax.numpy as jnp


def timed(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        t0 = time.perf_counter()  # expect: JXP104
        out = fn(*args, **kwargs)
        print(f"{fn.__name__} took {time.perf_counter() - t0:.4f}s")  # expect: JXP104
        return out
    return wrapper


@jax.jit
@timed
def update(w, g, lr):
    return w - lr * g
