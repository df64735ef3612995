import jax
import jax.numpy as jnp

global_step = 0
loss_history = []


def _record(loss):
    global global_step
    global_step += 1
    loss_history.append(float(loss))


@jax.jit
def train_step(w, x, y):
    loss, g = jax.value_and_grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
    jax.debug.callback(_record, loss, ordered=True)
    return w - 0.1 * g
