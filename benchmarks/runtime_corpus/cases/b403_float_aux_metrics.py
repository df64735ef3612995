import jax
import jax.numpy as jnp


def loss_fn(params, x, y):
    logits = x @ params
    loss = jnp.mean((logits - y) ** 2)
    acc = jnp.mean(jnp.sign(logits) == jnp.sign(y))
    return loss, acc


@jax.jit
def train_step(params, x, y):
    (loss, acc), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, x, y)
    metrics = {"loss": loss, "acc": float(acc)}  # expect: JXP403
    return params - 0.1 * grads, metrics
