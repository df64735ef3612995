import jax.numpy as jnp
from jax import lax


def running_stats(xs):
    def body(carry, x):
        new = {"sum": carry["sum"] + x, "max": jnp.maximum(carry.get("max", x), x)}
        return new, x  # expect: JXP501

    return lax.scan(body, {"sum": 0.0}, xs)
