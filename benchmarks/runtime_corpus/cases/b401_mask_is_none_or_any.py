"""Attention with an optional mask and a fast path when nothing is masked."""
import jax
import jax.numpy as jnp


@jax.jit
def attend(q, k, v, mask=None):
    scores = q @ k.T / jnp.sqrt(q.shape[-1])
    if mask is None or mask.all():  # expect: JXP401
        return jax.nn.softmax(scores, axis=-1) @ v
    scores = jnp.where(mask, scores, -1e9)
    return jax.nn.softmax(scores, axis=-1) @ v
