# expect: none
import jax
import jax.numpy as jnp
from flax import nnx


def augment_views(x, rngs: nnx.Rngs, n_views):
    views = []
    for _ in range(n_views):
        views.append(x + jax.random.normal(rngs.noise(), x.shape))
    return jnp.stack(views)
