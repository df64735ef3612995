# expect: none
# Printing inside a lax.scan training loop, the way the sharp-bits guide recommends.
import jax
import jax.numpy as jnp


def loss_fn(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@jax.jit
def train(w, xs, ys):
    print("tracing train for", xs.shape)

    def step(w, batch):
        x, y = batch
        loss, g = jax.value_and_grad(loss_fn)(w, x, y)
        jax.debug.print("loss={l:.4f}", l=loss)
        return w - 0.1 * g, loss

    return jax.lax.scan(step, w, (xs, ys))
