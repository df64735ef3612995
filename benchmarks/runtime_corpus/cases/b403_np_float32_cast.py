import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def train_step(w, x, y, step):
    loss, g = jax.value_and_grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
    lr = np.float32(0.1 * 0.99 ** step)  # expect: JXP403
    return w - lr * g, loss
