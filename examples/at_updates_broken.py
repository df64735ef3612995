"""Broken twin of at_updates.py: NumPy-style in-place updates on JAX arrays.

What goes wrong at runtime:
- `x.at[i].set(0.0)` as a statement builds a new array and throws it away:
  `reset_entry` silently returns `x` unchanged (plus one).
- `counts[v] += 1` raises `TypeError: JAX arrays are immutable and do not
  support in-place item assignment`.
Fix: assign the result, `x = x.at[i].set(0.0)`, `counts = counts.at[v].add(1)`.
"""

import jax
import jax.numpy as jnp


@jax.jit
def reset_entry(x, i):
    x.at[i].set(0.0)  # JXP202
    x += 1.0
    return x


def histogram(values):
    counts = jnp.zeros(5, jnp.int32)
    for v in values.tolist():
        counts[v] += 1  # JXP201
    return counts


if __name__ == "__main__":
    print("reset_entry:", reset_entry(jnp.arange(4.0), 2).tolist())
    print("histogram:", histogram(jnp.array([0, 1, 1, 3, 3, 3])).tolist())
