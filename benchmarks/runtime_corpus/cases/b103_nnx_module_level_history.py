import jax.numpy as jnp
import optax
from flax import nnx

batch_sizes = []

model = nnx.Linear(2, 1, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)


@nnx.jit
def train_step(model, optimizer, x, y):
    grads = nnx.grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
    optimizer.update(model, grads)
    batch_sizes.append(x.shape[0])  # expect: JXP103
    return optimizer.step.value


def examples_seen():
    return sum(batch_sizes)
