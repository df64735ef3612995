"""Flax nnx layer that keeps running statistics and a call counter on the module."""
import jax
import jax.numpy as jnp
from flax import nnx


class RunningNorm(nnx.Module):
    def __init__(self, dim, momentum=0.9):
        self.mean = nnx.BatchStat(jnp.zeros(dim))
        self.var = nnx.BatchStat(jnp.ones(dim))
        self.steps = nnx.Variable(jnp.array(0))
        self.momentum = momentum
        self.calls = 0

    def __call__(self, x):
        m = self.momentum
        self.mean.value = m * self.mean.value + (1 - m) * x.mean(0)
        self.var.value = m * self.var.value + (1 - m) * x.var(0)
        self.steps.value += 1
        self.calls += 1
        return (x - self.mean.value) / jnp.sqrt(self.var.value + 1e-5)


@nnx.jit
def normalize_batch(norm: RunningNorm, x):
    return norm(x)
