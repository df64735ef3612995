import jax
import jax.numpy as jnp


@jax.jit
def train_step(params, grads, step):
    params = params - 0.01 * grads
    if step % 100 == 0:  # expect: JXP401
        params = params * 0.99
    return params
