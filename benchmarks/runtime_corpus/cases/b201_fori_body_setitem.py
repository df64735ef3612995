# "TypeError: JAX arrays are immutable" in a fori_loop prefix sum
import jax
import jax.numpy as jnp


@jax.jit
def prefix_sum(x):
    def body(i, acc):
        acc[i] = acc[i - 1] + x[i]  # expect: JXP201
        return acc

    return jax.lax.fori_loop(1, x.shape[0], body, x)
