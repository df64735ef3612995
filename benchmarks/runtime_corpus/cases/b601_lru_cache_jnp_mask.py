import functools

import jax
import jax.numpy as jnp


@functools.lru_cache(maxsize=None)
def causal_mask(n):
    return jnp.tril(jnp.ones((n, n), dtype=bool))


@jax.jit
def attention(q, k, v):
    logits = q @ k.T / jnp.sqrt(q.shape[-1])
    logits = jnp.where(causal_mask(q.shape[0]), logits, -1e9)  # expect: JXP601
    return jax.nn.softmax(logits, axis=-1) @ v


@jax.jit
def attention_scores(q, k):
    logits = q @ k.T
    return jnp.where(causal_mask(q.shape[0]), logits, -1e9)
