import jax.numpy as jnp
from jax import lax


def clipped_cumsum(xs, cap):
    def body(total, x):
        total = total + x
        if total > cap:  # expect: JXP401
            total = cap
        return total, total

    return lax.scan(body, 0.0, xs)[1]
