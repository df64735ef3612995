import jax
import jax.numpy as jnp

LABEL_SMOOTHING = 0.0


def configure(smoothing):
    global LABEL_SMOOTHING
    LABEL_SMOOTHING = smoothing


@jax.jit
def xent(logits, labels):
    n = logits.shape[-1]
    target = jax.nn.one_hot(labels, n) * (1.0 - LABEL_SMOOTHING) + LABEL_SMOOTHING / n  # expect: JXP101
    return -jnp.sum(target * jax.nn.log_softmax(logits), axis=-1).mean()
