"""Residual MLP configured by a frozen dataclass passed as a static argument."""
import dataclasses
import functools

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class MLPConfig:
    num_layers: int = 3
    use_bias: bool = True
    dropout_free: bool = True
    hidden: int = 16


@functools.partial(jax.jit, static_argnames="cfg")
def mlp_forward(params, x, cfg):
    h = x
    for i in range(cfg.num_layers):
        h = h @ params["w"][i]
        if cfg.use_bias:
            h = h + params["b"][i]
        if i < cfg.num_layers - 1:
            h = jax.nn.relu(h)
    if not cfg.dropout_free:
        raise NotImplementedError
    return h


def init_params(cfg, key):
    w = jax.random.normal(key, (cfg.num_layers, cfg.hidden, cfg.hidden)) * 0.1
    return {"w": w, "b": jnp.zeros((cfg.num_layers, cfg.hidden))}
