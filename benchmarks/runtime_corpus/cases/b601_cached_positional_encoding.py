"""Positional encodings memoised per (length, dim) with functools.cache."""
import functools

import jax
import jax.numpy as jnp


@functools.cache
def positional_encoding(length, dim):
    pos = jnp.arange(length)[:, None]
    i = jnp.arange(dim // 2)[None, :]
    angle = pos / (10000.0 ** (2 * i / dim))
    return jnp.concatenate([jnp.sin(angle), jnp.cos(angle)], axis=-1)


@jax.jit
def embed(tokens, table):
    x = table[tokens]
    return x + positional_encoding(tokens.shape[0], table.shape[1])  # expect: JXP601


def embed_eager(tokens, table):
    return table[tokens] + positional_encoding(tokens.shape[0], table.shape[1])
