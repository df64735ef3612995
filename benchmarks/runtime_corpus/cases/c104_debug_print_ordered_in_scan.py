import jax
import jax.numpy as jnp


@jax.jit
def cumulative(xs):
    def body(c, x):
        c = c + x
        jax.debug.print("partial sum {c}", c=c, ordered=True)
        jax.debug.callback(lambda v: None, c)
        return c, c

    total, partial = jax.lax.scan(body, 0.0, xs)
    return total, partial
