"""Broken twin of training.py: the parameter update is written NumPy-style.

What goes wrong at runtime: JAX arrays are immutable. `w[i] -= ...` raises
`TypeError: JAX arrays are immutable and do not support in-place item assignment`
(with or without jit). The bias update `params["b"].at[()].add(...)` returns a new
array that is thrown away, so even once the weights are fixed the bias never moves.
Fix: build new parameters, `jax.tree.map(lambda p, g: p - lr * g, params, grads)`.
"""

import jax
import jax.numpy as jnp

LEARNING_RATE = 0.1


def loss_fn(params, x, y):
    return jnp.mean((x @ params["w"] + params["b"] - y) ** 2)


@jax.jit
def training_step(params, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    w = params["w"]
    for i in range(w.shape[0]):
        w[i] -= LEARNING_RATE * grads["w"][i]  # JXP201
    params["b"].at[()].add(-LEARNING_RATE * grads["b"])  # JXP202
    return {"w": w, "b": params["b"]}, loss


if __name__ == "__main__":
    x = jax.random.normal(jax.random.key(0), (64, 3))
    y = x @ jnp.array([1.0, -2.0, 0.5]) + 0.3
    params = {"w": jnp.zeros(3), "b": jnp.zeros(())}
    for _ in range(100):
        params, loss = training_step(params, x, y)
    print(f"loss: {float(loss):.4f}")
