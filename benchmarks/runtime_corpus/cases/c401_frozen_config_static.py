# expect: none
import dataclasses
import functools
import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class Config:
    use_bias: bool = True
    activation: str = "relu"


@functools.partial(jax.jit, static_argnums=(0,))
def layer(cfg, w, b, x):
    y = x @ w
    if cfg.use_bias:
        y = y + b
    if cfg.activation == "relu":
        y = jax.nn.relu(y)
    return y
