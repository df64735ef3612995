"""Histogram of per-row argmax, built with an unrolled loop over rows."""
import jax
import jax.numpy as jnp


@jax.jit
def argmax_histogram(scores):
    n_rows, n_cls = scores.shape
    hist = jnp.zeros(n_cls, jnp.int32)
    for r in range(scores.shape[0]):
        winner = jnp.argmax(scores[r])
        hist.at[winner].add(1)  # expect: JXP202
    return hist / n_rows
