# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def prefix_sums(x):
    acc = jnp.zeros_like(x)
    for i in range(x.shape[0]):
        window = jnp.arange(i + 1)
        acc = acc.at[i].set(x[window].sum())
    return acc
