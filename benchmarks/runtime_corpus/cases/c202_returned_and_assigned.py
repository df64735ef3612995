# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def scatter_updates(x, idx, vals):
    x = x.at[idx].set(vals)
    y = x.at[0].add(1.0)
    return y.at[-1].multiply(2.0)


def maybe_get(x, i):
    return x.at[i].get(mode="fill", fill_value=0.0)
