# expect: none
import flax.linen as nn
import jax
import jax.numpy as jnp
import optax


class ConvNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(8)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(1)(x)[:, 0]


model = ConvNet()
tx = optax.sgd(0.1)


@jax.jit
def train_step(params, batch_stats, opt_state, x, y):
    def loss_fn(p):
        pred, updates = model.apply({"params": p, "batch_stats": batch_stats}, x, train=True, mutable=["batch_stats"])
        return jnp.mean((pred - y) ** 2), updates["batch_stats"]

    (loss, new_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), new_stats, opt_state, loss


@jax.jit
def eval_step(params, batch_stats, x):
    return model.apply({"params": params, "batch_stats": batch_stats}, x, train=False)
