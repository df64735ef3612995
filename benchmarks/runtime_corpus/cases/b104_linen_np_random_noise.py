import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np


class GaussianNoiseAugment(nn.Module):
    sigma: float = 0.1

    @nn.compact
    def __call__(self, x, train: bool = True):
        if train:
            x = x + self.sigma * np.random.normal(size=x.shape).astype(np.float32)  # expect: JXP104
        return nn.Dense(4)(x)


model = GaussianNoiseAugment()
train_apply = jax.jit(lambda params, x: model.apply(params, x, train=True))
