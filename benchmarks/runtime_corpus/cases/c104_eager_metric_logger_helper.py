import logging

import jax
import jax.numpy as jnp

logger = logging.getLogger(__name__)


@jax.jit
def train_step(w, x, y):
    def loss_fn(w):
        return jnp.mean((x @ w - y) ** 2)

    loss, g = jax.value_and_grad(loss_fn)(w)
    return w - 0.1 * g, {"loss": loss}


def log_metrics(step, metrics):
    loss = float(metrics["loss"])
    print(f"step {step:4d} loss {loss:.4f}")
    logger.info("step %d loss %.4f", step, loss)


def fit(w, x, y, steps=3):
    for step in range(steps):
        w, metrics = train_step(w, x, y)
        log_metrics(step, metrics)
    return w
