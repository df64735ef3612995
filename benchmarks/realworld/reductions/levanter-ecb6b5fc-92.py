"""A step function's key broadcast to every device by `pmap(..., in_axes=None)`.

Reduces levanter-ecb6b5fc-92: each device draws the same dropout masks because the key
argument is not mapped.
"""
import jax


def make_step(params, x, key):
    mask = jax.random.bernoulli(key, 0.9, x.shape)
    return ((x * mask) @ params).sum()


step = jax.pmap(make_step, "device", in_axes=(0, 0, None))  # JXP302
