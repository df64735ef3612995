"""Broken twin of counter.py: the counter lives in module globals.

What goes wrong at runtime, silently: `jax.jit` runs the Python body once, at
trace time, and then replays the compiled program.
- `calls += 1` under `global` runs once per trace, not once per call: after four
  calls `calls` is 1.
- `step_size` is read at trace time and baked into the compiled program: after
  `step_size = 10` the next call still adds 1.
Fix: thread the values through the function as state (see counter.py).
"""

import jax
import jax.numpy as jnp

step_size = 1
calls = 0


@jax.jit
def increment(state):
    global calls
    calls += 1  # JXP102
    return {"count": state["count"] + step_size}  # JXP101


if __name__ == "__main__":
    state = {"count": jnp.zeros((), jnp.int32)}
    for _ in range(3):
        state = increment(state)
    step_size = 10
    state = increment(state)
    print(f"count: {int(state['count'])} (intended 13)")
    print(f"calls: {calls} (intended 4)")
