"""Broken twin of control_flow.py: Python `if` and `while` on traced values.

What goes wrong at runtime: under `jax.jit` the arguments are abstract tracers,
so `x > 0` and `n != 1` have no Python truth value and the first `if`/`while`
raises `TracerBoolConversionError`. (It works without jit, which hides the bug
until the function is jitted.)
Fix: `lax.cond` / `jnp.where` and `lax.while_loop` (see control_flow.py), or
make the argument static if it really is a Python value.
"""

import jax
import jax.numpy as jnp


@jax.jit
def safe_log(x):
    if x > 0:  # JXP401
        return jnp.log(x)
    return jnp.full_like(x, -jnp.inf)


@jax.jit
def collatz_steps(n):
    steps = 0
    while n != 1:  # JXP401
        if n % 2 == 0:  # JXP401
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


if __name__ == "__main__":
    print("collatz_steps(27):", int(collatz_steps(jnp.int32(27))))
    print("safe_log:", float(safe_log(jnp.float32(jnp.e))), float(safe_log(jnp.float32(-1.0))))
