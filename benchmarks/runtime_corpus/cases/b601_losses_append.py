import jax
import jax.numpy as jnp

train_losses = []


@jax.jit
def train_step(w, x, y):
    loss, g = jax.value_and_grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
    train_losses.append(loss)  # expect: JXP601
    return w - 0.1 * g
