# "jit recompiles every step"
import jax
import jax.numpy as jnp


def predict(params, x):
    return jnp.tanh(x @ params["w"] + params["b"])


def evaluate(params, batches):
    correct = 0
    for xb, yb in batches:
        preds = jax.jit(jax.vmap(predict, in_axes=(None, 0)))(params, xb)  # expect: JXP603
        correct += int(jnp.sum((preds[:, 0] > 0) == yb))
    return correct
