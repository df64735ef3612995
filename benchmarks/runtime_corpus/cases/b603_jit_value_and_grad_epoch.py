import jax
import jax.numpy as jnp


def loss_fn(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def fit(w, x, y, n_epochs):
    for epoch in range(n_epochs):
        step = jax.jit(jax.value_and_grad(loss_fn))  # expect: JXP603
        loss, g = step(w, x, y)
        w = w - 0.1 * g
    return w
