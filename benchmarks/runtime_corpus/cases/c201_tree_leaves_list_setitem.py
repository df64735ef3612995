import jax
import jax.numpy as jnp


@jax.jit
def freeze_first_layer(grads):
    leaves, treedef = jax.tree_util.tree_flatten(grads)
    leaves = list(leaves)
    leaves[0] = jnp.zeros_like(leaves[0])
    return jax.tree_util.tree_unflatten(treedef, leaves)
