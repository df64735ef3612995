import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class ModelConfig:
    hidden: int = 8
    activation: str = "relu"


@partial(jax.jit, static_argnames=("cfg",))
def forward(params, x, cfg):
    act = jax.nn.relu if cfg.activation == "relu" else jnp.tanh
    return act(x @ params)[..., : cfg.hidden]


def predict(params, x):
    cfg = ModelConfig(hidden=4)
    return forward(params, x, cfg=cfg)  # expect: JXP602
