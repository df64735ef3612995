"""Broken twin of pmap_step.py: `print` inside the pmapped step.

What goes wrong at runtime, silently: `jax.pmap` traces the step and caches
the compiled program, so `print` runs only while tracing (once or twice here,
not once per call) and shows an abstract tracer instead of the loss.
Fix: `jax.debug.print("loss {loss}", loss=loss)`, which runs on every call.
"""

from functools import partial

import jax
import jax.numpy as jnp
from jax import lax

LEARNING_RATE = 0.1


def loss_fn(params, x, y):
    return jnp.mean((x @ params["w"] + params["b"] - y) ** 2)


@partial(jax.pmap, axis_name="devices")
def train_step(params, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    grads = lax.pmean(grads, axis_name="devices")
    loss = lax.pmean(loss, axis_name="devices")
    print("loss", loss)  # JXP104
    return jax.tree.map(lambda p, g: p - LEARNING_RATE * g, params, grads), loss


if __name__ == "__main__":
    n = jax.local_device_count()
    x = jax.random.normal(jax.random.key(0), (n, 16, 3))
    y = x @ jnp.array([1.0, -2.0, 0.5])
    params = {"w": jnp.zeros(3), "b": jnp.zeros(())}
    replicated = jax.tree.map(lambda p: jnp.stack([p] * n), params)
    for _ in range(3):
        replicated, loss = train_step(replicated, x, y)
    print(f"devices: {n}  final loss: {float(loss[0]):.4f}")
