from functools import partial

import jax
import jax.numpy as jnp


def layer_widths(depth, width):
    return [width] * depth


@partial(jax.jit, static_argnames=("widths",))
def mlp(x, widths):
    for w in widths:
        x = jnp.tanh(x[..., :w])
    return x


def forward(x):
    widths = layer_widths(2, 3)
    return mlp(x, widths=widths)  # expect: JXP602
