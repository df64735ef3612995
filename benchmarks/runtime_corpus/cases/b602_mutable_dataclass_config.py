"""Training step configured by a dataclass passed as a static argument."""
import dataclasses
import functools

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class StepConfig:
    lr: float = 0.1
    weight_decay: float = 0.0
    clip: float = 1.0


@functools.partial(jax.jit, static_argnums=(3,))
def sgd_step(w, x, y, cfg):
    g = jax.grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
    g = jnp.clip(g, -cfg.clip, cfg.clip) + cfg.weight_decay * w
    return w - cfg.lr * g


def train(w, x, y, steps=3):
    cfg = StepConfig(lr=0.05)
    for _ in range(steps):
        w = sgd_step(w, x, y, cfg)  # expect: JXP602
    return w
