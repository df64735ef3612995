# Magnitude pruning: "the jitted version returns the count but my weights are not pruned"
import jax
import jax.numpy as jnp


@jax.jit
def prune_small(layers, thresh):
    for i in range(len(layers)):
        layers[i] = jnp.where(jnp.abs(layers[i]) < thresh, 0.0, layers[i])  # expect: JXP502
    return sum(jnp.sum(layer == 0) for layer in layers)


def prune_model(weights, thresh=0.5):
    n = prune_small(weights, thresh)
    return weights, int(n)
