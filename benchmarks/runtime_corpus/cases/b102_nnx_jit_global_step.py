import jax.numpy as jnp
import optax
from flax import nnx

global_step = 0

model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)


@nnx.jit
def train_step(model, optimizer, x, y):
    global global_step

    def loss_fn(m):
        return jnp.mean((m(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    global_step += 1  # expect: JXP102
    return loss
