import time
import jax
import jax.numpy as jnp


@jax.jit
def timed_matmul(a, b):
    start = time.perf_counter()  # expect: JXP104
    out = a @ b
    return out, time.perf_counter() - start  # expect: JXP104
