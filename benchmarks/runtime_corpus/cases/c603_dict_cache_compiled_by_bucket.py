# expect: none
import functools

import jax
import jax.numpy as jnp

_COMPILED = {}


def _forward(params, x, bucket):
    x = jnp.pad(x, ((0, bucket - x.shape[0]), (0, 0)))
    return jnp.tanh(x @ params)


def forward_bucketed(params, x):
    bucket = 1 << (x.shape[0] - 1).bit_length()
    if bucket not in _COMPILED:
        _COMPILED[bucket] = jax.jit(functools.partial(_forward, bucket=bucket))
    return _COMPILED[bucket](params, x)[: x.shape[0]]


def run(params, batches):
    return [forward_bucketed(params, b) for b in batches]
