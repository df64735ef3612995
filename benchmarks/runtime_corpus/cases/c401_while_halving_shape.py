# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def tree_reduce_max(x):
    n = x.shape[0]
    while n > 1:
        half = n // 2
        if n % 2:
            x = jnp.concatenate([x, jnp.full((1,) + x.shape[1:], -jnp.inf, x.dtype)])
            half = (n + 1) // 2
        x = jnp.maximum(x[:half], x[half:2 * half])
        n = x.shape[0]
    return x[0]
