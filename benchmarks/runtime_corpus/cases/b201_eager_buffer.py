import jax.numpy as jnp


def one_hot_eager(labels, num_classes):
    out = jnp.zeros((len(labels), num_classes))
    for i, label in enumerate(labels):
        out[i, label] = 1.0  # expect: JXP201
    return out
