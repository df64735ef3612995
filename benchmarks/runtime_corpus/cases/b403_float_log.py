import jax
import jax.numpy as jnp


@jax.jit
def train_step(w, x, y):
    loss = jnp.mean((x @ w - y) ** 2)
    loss_value = float(loss)  # expect: JXP403
    return w - 0.1 * x.T @ (x @ w - y), loss_value
