# expect: none
import jax
import jax.numpy as jnp


def smooth_l1(x):
    if x > 1.0:
        return x - 0.5
    return 0.5 * x ** 2


d_smooth_l1 = jax.grad(smooth_l1)
