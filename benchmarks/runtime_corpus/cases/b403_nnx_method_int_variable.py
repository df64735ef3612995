import jax.numpy as jnp
import optax
from flax import nnx


class StepDecayModel(nnx.Module):
    def __init__(self, din, dout, rngs):
        self.linear = nnx.Linear(din, dout, rngs=rngs)
        self.step = nnx.Variable(jnp.array(0))

    def __call__(self, x):
        return self.linear(x)

    def lr_scale(self):
        return 0.5 ** int(self.step.value // 100)  # expect: JXP403


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    grads = jax_tree_scale(grads, model.lr_scale())
    optimizer.update(model, grads)
    model.step.value += 1
    return loss


def jax_tree_scale(tree, s):
    import jax
    return jax.tree.map(lambda g: g * s, tree)
