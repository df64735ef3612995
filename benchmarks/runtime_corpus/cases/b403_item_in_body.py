import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def count_above(xs, thresh):
    def body(i, acc):
        return acc + int(xs[i].item() > thresh)  # expect: JXP403
    return lax.fori_loop(0, xs.shape[0], body, 0)
