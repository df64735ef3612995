import jax
import jax.numpy as jnp


@jax.jit
def random_walk(key, x0):
    def body(i, carry):
        key, x = carry
        step = jax.random.normal(key, x.shape)  # expect: JXP302
        return key, x + step

    _, x = jax.lax.fori_loop(0, 10, body, (key, x0))
    return x
