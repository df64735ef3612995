# expect: none
import jax
import jax.numpy as jnp
import numpy as np


def onehot_targets(logits, labels):
    targets = np.zeros_like(logits)
    for i, y in enumerate(np.asarray(labels)):
        targets[i, y] = 1.0
    return jnp.asarray(targets)
