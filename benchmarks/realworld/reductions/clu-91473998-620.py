"""A traced jnp.arange turned into a tuple of static axes.

Reduces clu-91473998-620: `tuple(jnp.arange(a, b))` under jit gives traced axis
numbers, and `expand_dims` then raises TracerIntegerConversionError; np.arange (or
range) is what the fix uses. Not known as a concretization.
"""
import jax
import jax.numpy as jnp


@jax.jit
def masked_sum(values, mask):
    mask = jnp.expand_dims(mask, axis=tuple(jnp.arange(mask.ndim, values.ndim)))  # JXP403
    return (values * mask).sum()
