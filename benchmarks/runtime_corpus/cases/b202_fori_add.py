import jax
import jax.numpy as jnp
from jax import lax


def histogram(values, num_bins):
    counts = jnp.zeros(num_bins, dtype=jnp.int32)

    def body(i, counts):
        counts.at[values[i]].add(1)  # expect: JXP202
        return counts

    return lax.fori_loop(0, values.shape[0], body, counts)
