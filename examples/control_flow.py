"""`lax.cond` and `lax.while_loop` instead of Python control flow on traced values.

Inside `jax.jit` a Python `if`/`while` can only test what is known at trace time
(shapes, `is None`, static arguments). A decision that depends on array values
goes into the computation: `lax.cond` picks a branch, `lax.while_loop` loops
until a traced condition is false.
"""

import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def safe_log(x, floor=None):
    if floor is None:
        floor = -jnp.inf
    if x.ndim != 0:
        raise ValueError("safe_log expects a scalar")
    return lax.cond(x > 0, jnp.log, lambda x: jnp.full_like(x, floor), x)


@jax.jit
def collatz_steps(n):
    def keep_going(state):
        n, _ = state
        return n != 1

    def step(state):
        n, steps = state
        n = lax.cond(n % 2 == 0, lambda n: n // 2, lambda n: 3 * n + 1, n)
        return n, steps + 1

    _, steps = lax.while_loop(keep_going, step, (n, jnp.int32(0)))
    return steps


if __name__ == "__main__":
    print("safe_log:", float(safe_log(jnp.float32(jnp.e))), float(safe_log(jnp.float32(-1.0))))
    print("collatz_steps(27):", int(collatz_steps(jnp.int32(27))))
