# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def token_accuracy(logits, targets, mask):
    preds = jnp.argmax(logits, -1).astype(int)
    correct = (preds == targets).astype(float) * mask.astype(float)
    n = jnp.maximum(jnp.asarray(mask.sum(), dtype=float), 1.0)
    return correct.sum() / n
