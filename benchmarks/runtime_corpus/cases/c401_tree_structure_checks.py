# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def merge_updates(params, updates):
    if jax.tree_util.tree_structure(params) != jax.tree_util.tree_structure(updates):
        raise ValueError("updates do not match params")
    leaves = jax.tree_util.tree_leaves(params)
    if len(leaves) > 1 and any(leaf.ndim == 0 for leaf in leaves):
        updates = jax.tree_util.tree_map(lambda u: u * 0.5, updates)
    if all(leaf.dtype == jnp.float32 for leaf in leaves):
        updates = jax.tree_util.tree_map(lambda u: u.astype(jnp.float32), updates)
    return jax.tree_util.tree_map(lambda p, u: p + u, params, updates)
