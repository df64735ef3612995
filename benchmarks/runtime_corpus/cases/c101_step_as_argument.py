# expect: none
import jax
import jax.numpy as jnp

step = 0


@jax.jit
def train_step(w, x, y, step):
    def loss_fn(w):
        pred = x @ w
        return jnp.mean((pred - y) ** 2), pred

    (loss, pred), g = jax.value_and_grad(loss_fn, has_aux=True)(w)
    lr = 0.1 * jnp.minimum(1.0, (step + 1) / 5)
    return w - lr * g, loss


w = jnp.zeros(2)
x = jnp.array([[1.0, 0.0], [0.0, 1.0]])
y = jnp.array([1.0, 1.0])
for _ in range(5):
    w, loss = train_step(w, x, y, step)
    step += 1
