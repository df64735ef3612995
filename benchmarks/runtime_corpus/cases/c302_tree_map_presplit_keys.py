"""Perturb every parameter leaf with its own key, split up front."""
import jax
import jax.numpy as jnp


def perturb_params(key, params, sigma=0.01):
    leaves, treedef = jax.tree.flatten(params)
    keys = jax.tree.unflatten(treedef, list(jax.random.split(key, len(leaves))))
    return jax.tree.map(lambda p, k: p + sigma * jax.random.normal(k, p.shape), params, keys)


def ensemble(key, params, n=3):
    members = []
    for k in jax.random.split(key, n):
        members.append(perturb_params(k, params))
    return members
