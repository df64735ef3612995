import jax
import jax.numpy as jnp

last_grads = None


@jax.jit
def step(params, x):
    global last_grads
    grads = jax.grad(lambda p: jnp.sum(jnp.tanh(x @ p)))(params)
    last_grads = grads  # expect: JXP601
    return params - 0.01 * grads
