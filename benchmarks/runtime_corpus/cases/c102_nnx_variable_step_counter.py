# expect: none
import jax.numpy as jnp
import optax
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, din, *, rngs):
        self.lin = nnx.Linear(din, 1, rngs=rngs)
        self.steps = nnx.Variable(jnp.array(0, jnp.int32))
        self.examples = nnx.Variable(jnp.array(0, jnp.int32))

    def __call__(self, x):
        return self.lin(x)[:, 0]


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(m):
        return jnp.mean((m(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    model.steps.value += 1
    model.examples.value = model.examples.value + x.shape[0]
    return loss


def make(din=3):
    model = Regressor(din, rngs=nnx.Rngs(0))
    return model, nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
