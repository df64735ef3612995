"""A batch of independent counters under `jax.vmap(..., in_axes=({'count': 0}, 0))`.

`increment` is written for one counter; `jax.vmap` maps it over a batch whose
state is a dict of arrays with the batch on axis 0. Each counter wraps around at
LIMIT, and the wrap is a `jnp.where`, so it is decided per element at run time.
The `assert` compares static shapes, which is fine under any transform.
"""

import jax
import jax.numpy as jnp

LIMIT = 5


def increment(state, amount):
    assert state["count"].shape == amount.shape
    count = state["count"] + amount
    return {"count": jnp.where(count >= LIMIT, count - LIMIT, count)}


increment_all = jax.vmap(increment, in_axes=({"count": 0}, 0))


if __name__ == "__main__":
    state = {"count": jnp.zeros(4, jnp.int32)}
    amounts = jnp.array([1, 2, 3, 4], jnp.int32)
    for _ in range(2):
        state = increment_all(state, amounts)
    print("counts:", state["count"].tolist())
