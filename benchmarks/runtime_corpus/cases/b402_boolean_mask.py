import jax
import jax.numpy as jnp


@jax.jit
def positive_mean(x):
    return x[x > 0].mean()  # expect: JXP402
