"""One key given to two rng streams of a Flax init in one dict.

Reduces evojax-a415872f-46: `{'params': rng, 'dropout': rng}` draws the parameter
initialisation and the dropout masks from the same key.
"""
import flax.linen as nn
import jax.numpy as jnp


class CNN(nn.Module):
    @nn.compact
    def __call__(self, x, train):
        x = nn.Dense(10)(x)
        return nn.Dropout(rate=0.1, deterministic=not train)(x)


def create_train_state(rng):
    init_rngs = {"params": rng, "dropout": rng}  # JXP301
    return CNN().init(init_rngs, jnp.ones([1, 28]), True)["params"]
