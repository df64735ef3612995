import jax
import jax.numpy as jnp
from flax import nnx


class EMANorm(nnx.Module):
    def __init__(self, dim):
        self.mean = nnx.BatchStat(jnp.zeros(dim))
        self.count = nnx.BatchStat(jnp.zeros((), jnp.int32))

    def __call__(self, x):
        batch_mean = x.mean(axis=0)
        if self.count[...] == 0:  # expect: JXP401
            self.mean[...] = batch_mean
        else:
            self.mean[...] = 0.99 * self.mean[...] + 0.01 * batch_mean
        self.count[...] += 1
        return x - self.mean[...]


@nnx.jit
def normalize(model, x):
    return model(x)
