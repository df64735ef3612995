import jax
import jax.numpy as jnp


@jax.jit
def expand_by_counts(items, counts):
    # e.g. repeat each particle by its resampling count
    return jnp.repeat(items, counts, axis=0)  # expect: JXP402
