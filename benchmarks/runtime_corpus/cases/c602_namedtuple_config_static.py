# expect: none
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


class ModelConfig(NamedTuple):
    hidden: int = 4
    layers: tuple = (4, 4)
    activation: str = "relu"


@partial(jax.jit, static_argnums=(1,), static_argnames=("overrides",))
def forward(x, cfg, overrides=()):
    opts = dict(overrides)
    scale = opts.get("scale", 1.0)
    act = getattr(jax.nn, cfg.activation)
    for width in cfg.layers:
        x = act(x[..., :width] * scale)
    return x


def run(x, user_opts):
    cfg = ModelConfig(layers=tuple([3, 2]))
    return forward(x, cfg, overrides=tuple(sorted(user_opts.items())))
