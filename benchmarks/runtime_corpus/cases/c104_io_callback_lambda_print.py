# expect: none
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


@jax.jit
def train_step(w, x, step):
    loss, g = jax.value_and_grad(lambda w: jnp.mean((x @ w) ** 2))(w)
    io_callback(lambda s, l: print(f"step {int(s)} loss {float(l):.4f}"), None, step, loss, ordered=True)
    return w - 0.1 * g
