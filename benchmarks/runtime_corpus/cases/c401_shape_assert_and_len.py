# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def pairwise(x, y):
    assert x.shape[-1] == y.shape[-1], "feature dims differ"
    if len(x.shape) == 2 and x.shape[-1] % 2 == 0:
        x = x * 1.0
    scale = 1.0 if x.shape[-1] > 8 else 0.5
    return scale * (x @ y.T)
