# expect: none
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class MLPConfig:
    widths: tuple
    act: str = "tanh"


def make_config(widths_list):
    return MLPConfig(widths=tuple(widths_list))


@partial(jax.jit, static_argnames=("cfg",))
def mlp(x, cfg):
    act = jnp.tanh if cfg.act == "tanh" else jax.nn.relu
    for w in cfg.widths:
        x = act(x[..., :w])
    return x


def forward(x):
    sizes = [3, 2]
    cfg = make_config(sizes)
    return mlp(x, cfg=cfg)
