import jax
import jax.numpy as jnp


def perturb_params(params, key, sigma=0.01):
    """Evolution-strategies style perturbation: one independent key per leaf."""
    leaves, treedef = jax.tree.flatten(params)
    keys = jax.tree.unflatten(treedef, list(jax.random.split(key, len(leaves))))
    return jax.tree.map(lambda p, k: p + sigma * jax.random.normal(k, p.shape), params, keys)
