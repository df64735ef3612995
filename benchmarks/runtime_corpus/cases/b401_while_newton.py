import jax
import jax.numpy as jnp


def newton_sqrt(a, tol=1e-6):
    x = a
    while jnp.abs(x * x - a) > tol:  # expect: JXP401
        x = 0.5 * (x + a / x)
    return x


sqrt_batch = jax.vmap(newton_sqrt)
