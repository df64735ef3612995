import jax
import jax.numpy as jnp


def loss_fn(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@jax.jit
def accumulate(accum, w, x, y):
    loss, g = jax.value_and_grad(loss_fn)(w, x, y)
    accum["grad"] = accum["grad"] + g  # expect: JXP502
    return loss


def train_step(w, micro_batches, lr=0.1):
    accum = {"grad": jnp.zeros_like(w)}
    for x, y in micro_batches:
        accumulate(accum, w, x, y)
    return w - lr * accum["grad"] / len(micro_batches)
