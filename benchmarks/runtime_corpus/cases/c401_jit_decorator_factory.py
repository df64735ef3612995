# expect: none
import jax
import jax.numpy as jnp


@jax.jit(static_argnums=1)
def power_iter(x, n_iter):
    v = x
    for _ in range(n_iter):
        v = v / jnp.linalg.norm(v)
    if n_iter > 2:
        v = v * 2
    return v
