"""A linear model's `training_step` with `jax.value_and_grad` and `jax.tree.map`.

The parameters are a pytree (a dict of arrays). The step computes the loss and
its gradient in one pass and returns *new* parameters built with `jax.tree.map`;
nothing is updated in place. (`jax.tree_map` was removed from JAX; use `jax.tree.map`.)
"""

import jax
import jax.numpy as jnp

LEARNING_RATE = 0.1


def predict(params, x):
    return x @ params["w"] + params["b"]


def loss_fn(params, x, y):
    return jnp.mean((predict(params, x) - y) ** 2)


@jax.jit
def training_step(params, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    params = jax.tree.map(lambda p, g: p - LEARNING_RATE * g, params, grads)
    return params, loss


def make_data(key, n=64):
    x_key, noise_key = jax.random.split(key)
    x = jax.random.normal(x_key, (n, 3))
    y = x @ jnp.array([1.0, -2.0, 0.5]) + 0.3 + 0.01 * jax.random.normal(noise_key, (n,))
    return x, y


if __name__ == "__main__":
    x, y = make_data(jax.random.key(0))
    params = {"w": jnp.zeros(3), "b": jnp.zeros(())}
    for _ in range(100):
        params, loss = training_step(params, x, y)
    print(f"loss: {float(loss):.4f}  w: {params['w'].round(2)}")
