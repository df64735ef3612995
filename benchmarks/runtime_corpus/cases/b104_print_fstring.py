import jax
import jax.numpy as jnp


@jax.jit
def train_step(w, x, y):
    loss = jnp.mean((x @ w - y) ** 2)
    print(f"step loss: {loss}")  # expect: JXP104
    return w - 0.01 * jax.grad(lambda w: jnp.mean((x @ w - y) ** 2))(w), loss
