# expect: none
import jax
import jax.numpy as jnp

EPS = 1e-6
LAYER_SIZES = (4, 8, 2)
W = jnp.eye(3)


@jax.jit
def normalize(x):
    x = x @ W
    return x / (jnp.linalg.norm(x) + EPS) * len(LAYER_SIZES)
