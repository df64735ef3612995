"""Masked mean pooling where the mask is optional."""
import functools

import jax
import jax.numpy as jnp


@jax.jit
def masked_mean(tokens, mask=None, weights=None):
    if mask is None:
        mask = jnp.ones(tokens.shape[:-1], dtype=bool)
    if weights is not None:
        tokens = tokens * weights[..., None]
    m = mask[..., None].astype(tokens.dtype)
    denom = jnp.maximum(m.sum(axis=-2), 1.0)
    return (tokens * m).sum(axis=-2) / denom


def pool_batch(tokens, lengths=None):
    if lengths is None:
        return masked_mean(tokens)
    mask = jnp.arange(tokens.shape[1])[None, :] < lengths[:, None]
    return masked_mean(tokens, mask)
