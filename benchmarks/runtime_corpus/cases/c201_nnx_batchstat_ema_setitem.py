# expect: none
import jax.numpy as jnp
import optax
from flax import nnx


class RunningNorm(nnx.Module):
    def __init__(self, dim, momentum=0.9):
        self.mean = nnx.BatchStat(jnp.zeros(dim))
        self.var = nnx.BatchStat(jnp.ones(dim))
        self.count = nnx.BatchStat(jnp.array(0, jnp.int32))
        self.momentum = momentum
        self.use_running_average = False

    def __call__(self, x):
        if self.use_running_average:
            return (x - self.mean[...]) / jnp.sqrt(self.var[...] + 1e-5)
        m, v = x.mean(0), x.var(0)
        self.mean[...] = self.momentum * self.mean[...] + (1 - self.momentum) * m
        self.var[...] = self.momentum * self.var[...] + (1 - self.momentum) * v
        self.count[...] += 1
        return (x - m) / jnp.sqrt(v + 1e-5)


class Net(nnx.Module):
    def __init__(self, rngs):
        self.norm = RunningNorm(3)
        self.out = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(self.norm(x))[:, 0]


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(m):
        return jnp.mean((m(x) - y) ** 2)

    grads = nnx.grad(loss_fn)(model)
    optimizer.update(model, grads)


def make():
    model = Net(nnx.Rngs(0))
    return model, nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
