"""Weight decay that skips biases and norms, selected by parameter name inside jit."""
import jax
import jax.numpy as jnp
import numpy as np

NO_DECAY = ("bias", "scale")


@jax.jit
def decayed_update(params, grads, lr=0.1, wd=0.01):
    new = {}
    for name, p in params.items():
        g = grads[name]
        if name.endswith(NO_DECAY) or p.ndim < 2:
            new[name] = p - lr * g
        else:
            new[name] = p - lr * (g + wd * p)
    path_norms = jax.tree_util.tree_map_with_path(
        lambda path, g: jnp.linalg.norm(g) if "kernel" in jax.tree_util.keystr(path) else jnp.zeros(()),
        grads,
    )
    if len(jax.tree.leaves(params)) > 2 and np.asarray(params["kernel"].shape).prod() > 1:
        new["kernel"] = new["kernel"] / jnp.maximum(1.0, path_norms["kernel"])
    return new
