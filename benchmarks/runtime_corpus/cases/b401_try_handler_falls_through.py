import jax
import jax.numpy as jnp


@jax.jit
def apply_gain(x, gain):
    try:
        g = float(gain)
    except TypeError:
        g = gain
    if g > 1.0:  # expect: JXP401
        x = x / g
    return x * g
