import jax
import jax.numpy as jnp


@jax.jit
def prefix_fill(x, n):
    def cond(c):
        i, _ = c
        return i < n

    def body(c):
        i, x = c
        return i + 1, x.at[i].set(x[i - 1] + 1.0)

    _, x = jax.lax.while_loop(cond, body, (1, x))
    return x
