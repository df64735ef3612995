# expect: none
import jax
import jax.numpy as jnp


@jax.jit
@jax.vmap
def smooth_l1(err):
    return jnp.where(jnp.abs(err) < 1.0, 0.5 * err ** 2, jnp.abs(err) - 0.5)


@jax.jit
def smooth_l1_cond(err):
    if err.ndim == 0:
        return jax.lax.cond(jnp.abs(err) < 1.0, lambda e: 0.5 * e ** 2, lambda e: jnp.abs(e) - 0.5, err)
    return jax.vmap(smooth_l1_cond)(err)
