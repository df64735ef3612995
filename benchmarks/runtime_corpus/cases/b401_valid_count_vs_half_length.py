"""Sequence pooling that falls back to max-pooling for mostly-padded batches."""
import jax
import jax.numpy as jnp


@jax.jit
def adaptive_pool(tokens, mask):
    # tokens: (t, d), mask: (t,)
    t = tokens.shape[0]
    n_valid = mask.sum()
    if tokens.ndim != 2:
        raise ValueError("expected (t, d)")
    if n_valid > t // 2:  # expect: JXP401
        m = mask[:, None].astype(tokens.dtype)
        return (tokens * m).sum(0) / jnp.maximum(n_valid, 1)
    return jnp.where(mask[:, None], tokens, -jnp.inf).max(0)
