# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def loss_fn(w, x):
    return jnp.mean((x @ w) ** 2)


def train(w, batches):
    history = []
    for x in batches:
        loss = loss_fn(w, x)
        history.append(float(loss))
        w = w - 0.1 * jax.grad(loss_fn)(w, x)
    return w, history
