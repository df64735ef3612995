import jax
import jax.numpy as jnp


def add_param_noise(key, params, sigma=0.01):
    leaves, treedef = jax.tree_util.tree_flatten(params)
    keys = jax.random.split(key, len(leaves))
    noisy = []
    for k, leaf in zip(keys, leaves):
        noisy.append(leaf + sigma * jax.random.normal(k, leaf.shape, leaf.dtype))
    return jax.tree_util.tree_unflatten(treedef, noisy)
