import jax
import jax.numpy as jnp


@jax.jit
def balanced_accuracy(preds, labels):
    classes = jnp.unique(labels)  # expect: JXP402
    per_class = jnp.array([jnp.sum((preds == c) & (labels == c)) / jnp.sum(labels == c) for c in classes])
    return per_class.mean()
