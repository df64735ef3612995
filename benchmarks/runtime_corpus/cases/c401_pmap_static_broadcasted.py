# expect: none
import jax
import jax.numpy as jnp


def _step(x, normalize):
    total = jax.lax.psum(x, "devices")
    if normalize:
        total = total / jax.lax.psum(1, "devices")
    return total


p_step = jax.pmap(_step, axis_name="devices", static_broadcasted_argnums=(1,))
