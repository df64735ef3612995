from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp


class MLP(nn.Module):
    features: tuple

    @nn.compact
    def __call__(self, x):
        for f in self.features[:-1]:
            x = nn.relu(nn.Dense(f)(x))
        return nn.Dense(self.features[-1])(x)


@partial(jax.jit, static_argnames="features")
def init_mlp(key, x, features):
    return MLP(tuple(features)).init(key, x)


def build(key):
    return init_mlp(key, jnp.ones((1, 3)), features=[16, 16, 2])  # expect: JXP602
