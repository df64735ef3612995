import jax
import jax.numpy as jnp


def loss_fn(w, x):
    return jnp.mean((x @ w) ** 2)


@jax.jit
def adaptive_step(w, x, lr):
    loss, grads = jax.value_and_grad(loss_fn)(w, x)
    if loss > 1.0:  # expect: JXP401
        lr = lr * 0.5
    return w - lr * grads
