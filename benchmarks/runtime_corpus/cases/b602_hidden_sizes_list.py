"""MLP whose layer widths are passed as a static argument built from a config."""
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("widths",))
def mlp_apply(params, x, widths):
    h = x
    for i, w in enumerate(widths):
        h = jnp.tanh(h @ params[i][:, :w])
    return h


def init(key, in_dim, widths):
    keys = jax.random.split(key, len(widths))
    dims = (in_dim,) + tuple(widths)
    return [jax.random.normal(k, (a, b)) * 0.1 for k, a, b in zip(keys, dims[:-1], dims[1:])]


def forward(params, x, width=16, depth=3):
    widths = [width] * depth
    return mlp_apply(params, x, widths=widths)  # expect: JXP602
