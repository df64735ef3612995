"""Functional array updates with `x.at[i].set(v)`.

JAX arrays are immutable: `x.at[i].set(v)` (and `.add`, `.multiply`, `.min`, ...)
returns a *new* array, which must be assigned. `x += 1` is fine because it rebinds
the name. NumPy arrays built on the host stay mutable and may be filled in place.
"""

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def reset_entry(x, i):
    x = x.at[i].set(0.0)
    x += 1.0
    return x


@jax.jit
def histogram(values):
    counts = jnp.zeros(5, jnp.int32)
    counts = counts.at[values].add(1)
    return counts


def host_table(n):
    table = np.zeros((n, 2))
    for i in range(n):
        table[i] = (i, i * i)
    return jnp.asarray(table)


if __name__ == "__main__":
    print("reset_entry:", reset_entry(jnp.arange(4.0), 2).tolist())
    print("histogram:", histogram(jnp.array([0, 1, 1, 3, 3, 3])).tolist())
    print("host_table:", host_table(3)[:, 1].tolist())
