"""MLP block whose activation is an Enum passed as a static positional argument."""
import enum
import functools

import jax
import jax.numpy as jnp


class Act(enum.Enum):
    RELU = "relu"
    GELU = "gelu"
    TANH = "tanh"


@functools.partial(jax.jit, static_argnums=(2, 3))
def mlp_block(x, params, act, residual):
    h = x @ params["w1"] + params["b1"]
    if act is Act.RELU:
        h = jax.nn.relu(h)
    elif act == Act.GELU:
        h = jax.nn.gelu(h)
    else:
        h = jnp.tanh(h)
    out = h @ params["w2"]
    if residual:
        out = out + x
    return out
