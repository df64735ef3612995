import jax.numpy as jnp
import optax
from flax import nnx


def train_step(model, optimizer, x, y):
    grads = nnx.grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
    optimizer.update(model, grads)


def fit(batches):
    model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    for x, y in batches:
        nnx.jit(train_step)(model, optimizer, x, y)  # expect: JXP603
    return model
