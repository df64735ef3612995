"""Broken twin of vmap_counters.py: the wrap-around is a Python `if`.

What goes wrong at runtime: under `jax.vmap` the count is a batched tracer that
holds one value per counter, so Python cannot decide the `if`: it raises
`TracerBoolConversionError` (the same under `jax.jit`).
Fix: `jnp.where(count >= LIMIT, count - LIMIT, count)`, or `jax.lax.cond`.
"""

import jax
import jax.numpy as jnp

LIMIT = 5


def increment(state, amount):
    count = state["count"] + amount
    if count >= LIMIT:  # JXP401
        count = count - LIMIT
    return {"count": count}


increment_all = jax.vmap(increment, in_axes=({"count": 0}, 0))


if __name__ == "__main__":
    state = {"count": jnp.zeros(4, jnp.int32)}
    amounts = jnp.array([1, 2, 3, 4], jnp.int32)
    for _ in range(2):
        state = increment_all(state, amounts)
    print("counts:", state["count"].tolist())
