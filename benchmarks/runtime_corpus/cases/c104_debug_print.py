# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def step(w, g):
    w = w - 0.1 * g
    jax.debug.print("w[0] = {}", w[0])
    return w
