"""Right-pad a batch of embeddings to a bucket length given at call time."""
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("axis",))
def pad_to_bucket(x, extra, axis=0):
    if x.ndim != 2:
        raise ValueError(x.shape)
    padding = jnp.zeros((x.shape[0] + extra, x.shape[1]), x.dtype)  # expect: JXP402
    return padding.at[: x.shape[0]].set(x)


def pad_batch(batch, bucket=8):
    return pad_to_bucket(batch, bucket - batch.shape[0] % bucket)
