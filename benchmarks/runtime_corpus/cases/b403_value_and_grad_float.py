import jax
import jax.numpy as jnp


def loss_fn(w, x):
    return jnp.mean((x @ w) ** 2)


@jax.jit
def train_step(w, x):
    loss, grads = jax.value_and_grad(loss_fn)(w, x)
    metrics = {"loss": float(loss)}  # expect: JXP403
    return w - 0.1 * grads, metrics
