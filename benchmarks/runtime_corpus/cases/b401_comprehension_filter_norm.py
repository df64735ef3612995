import jax
import jax.numpy as jnp


@jax.jit
def sparse_grad_norm(grads):
    leaves = jax.tree_util.tree_leaves(grads)
    active = [g for g in leaves if jnp.linalg.norm(g) > 0]  # expect: JXP401
    return jnp.sqrt(sum(jnp.sum(g ** 2) for g in active))
