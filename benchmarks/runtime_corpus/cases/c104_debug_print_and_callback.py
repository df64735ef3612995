"""Training step that reports its loss through jax.debug, not Python print."""
import jax
import jax.numpy as jnp

LOSS_HISTORY = []


def _record_loss(step, loss):
    LOSS_HISTORY.append((int(step), float(loss)))


@jax.jit
def train_step(w, x, y, step):
    def loss_fn(w):
        return jnp.mean((x @ w - y) ** 2)

    loss, grad = jax.value_and_grad(loss_fn)(w)
    jax.debug.print("step {s}: loss={l:.4f}", s=step, l=loss)
    jax.debug.callback(_record_loss, step, loss)
    return w - 0.1 * grad
