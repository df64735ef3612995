import jax
import jax.numpy as jnp


@jax.jit
def zero_bias(params):
    params["bias"].at[:].multiply(0.0)  # expect: JXP202
    return params
