import jax
import jax.numpy as jnp


def huber(r, delta=1.0):
    if jnp.abs(r) < delta:  # expect: JXP401
        return 0.5 * r ** 2
    return delta * (jnp.abs(r) - 0.5 * delta)


@jax.jit
def huber_grad(r):
    return jax.grad(huber)(r)
