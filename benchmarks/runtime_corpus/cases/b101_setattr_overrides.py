import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class Config:
    label_smoothing: float = 0.0
    num_classes: int = 4


config = Config()


def apply_overrides(overrides):
    for name, value in overrides.items():
        setattr(config, name, value)


@jax.jit
def loss_fn(logits, labels):
    onehot = jax.nn.one_hot(labels, config.num_classes)
    eps = config.label_smoothing  # expect: JXP101
    targets = onehot * (1.0 - eps) + eps / config.num_classes
    return -jnp.mean(jnp.sum(targets * jax.nn.log_softmax(logits), axis=-1))
