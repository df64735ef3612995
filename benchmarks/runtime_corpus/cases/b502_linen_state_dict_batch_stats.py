import flax.linen as nn
import jax
import jax.numpy as jnp


class Net(nn.Module):
    @nn.compact
    def __call__(self, x, train=True):
        x = nn.BatchNorm(use_running_average=not train, momentum=0.5)(x)
        return nn.Dense(1)(x)[:, 0]


model = Net()


@jax.jit
def train_step(state, x, y):
    def loss_fn(params):
        pred, updates = model.apply({"params": params, "batch_stats": state["batch_stats"]}, x,
                                    mutable=["batch_stats"])
        return jnp.mean((pred - y) ** 2), updates

    (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(state["params"])
    state["params"] = jax.tree.map(lambda p, g: p - 0.1 * g, state["params"], grads)  # expect: JXP502
    state["batch_stats"] = updates["batch_stats"]  # expect: JXP502
    return loss


def init_state(key, x):
    variables = model.init(key, x)
    return {"params": variables["params"], "batch_stats": variables["batch_stats"]}
