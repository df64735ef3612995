"""Evaluation loop for a classifier that logs per-batch accuracy."""
import logging

import jax
import jax.numpy as jnp

logger = logging.getLogger("eval")


def predict(params, x):
    return jnp.argmax(x @ params["w"] + params["b"], axis=-1)


@jax.jit
def eval_batch(params, x, y):
    acc = jnp.mean(predict(params, x) == y)
    logger.info("batch accuracy %s", acc)  # expect: JXP104
    return acc


def evaluate(params, batches):
    accs = [eval_batch(params, x, y) for x, y in batches]
    return jnp.mean(jnp.stack(accs))
