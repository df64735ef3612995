import jax
import jax.numpy as jnp
from jax import tree_util


@jax.jit
def clip_updates(updates, max_abs):
    def clip_leaf(u):
        print("clipping leaf", u)  # expect: JXP104
        return jnp.clip(u, -max_abs, max_abs)

    return tree_util.tree_map(clip_leaf, updates)
