"""Validation loop for a regression model."""
import jax
import jax.numpy as jnp


def predict(params, x):
    return jnp.tanh(x @ params["w"]) @ params["v"]


def mse(params, x, y):
    return jnp.mean((predict(params, x) - y) ** 2)


def validate(params, batches):
    total, count = 0.0, 0
    for x, y in batches:
        batch_loss = jax.jit(lambda p: mse(p, x, y))(params)  # expect: JXP603
        total += float(batch_loss) * x.shape[0]
        count += x.shape[0]
    return total / count
