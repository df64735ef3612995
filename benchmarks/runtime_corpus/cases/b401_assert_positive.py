import jax
import jax.numpy as jnp


@jax.jit
def gaussian_log_prob(sigma, x):
    assert jnp.all(sigma > 0), "sigma must be positive"  # expect: JXP401
    return -0.5 * (x / sigma) ** 2 - jnp.log(sigma)
