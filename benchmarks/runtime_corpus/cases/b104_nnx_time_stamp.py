import time

import jax.numpy as jnp
import optax
from flax import nnx

T0 = time.perf_counter()


class Model(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(4, 1, rngs=rngs)
        self.seconds_at_update = nnx.Variable(jnp.array(0.0))

    def __call__(self, x):
        return self.lin(x)[:, 0]


@nnx.jit
def train_step(model, optimizer, x, y):
    grads = nnx.grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
    optimizer.update(model, grads)
    model.seconds_at_update.value = jnp.array(time.perf_counter() - T0)  # expect: JXP104


def make():
    model = Model(nnx.Rngs(0))
    return model, nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
