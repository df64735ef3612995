import warnings

import jax
import jax.numpy as jnp


@jax.jit
def global_norm(params):
    total = 0.0
    for path, leaf in jax.tree_util.tree_flatten_with_path(params)[0]:
        if leaf.dtype == jnp.float16:
            warnings.warn(f"{jax.tree_util.keystr(path)} is float16; norm computed in float32")
        total = total + jnp.sum(leaf.astype(jnp.float32) ** 2)
    return jnp.sqrt(total)
