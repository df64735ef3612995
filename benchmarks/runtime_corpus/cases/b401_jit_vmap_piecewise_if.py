# "TracerBoolConversionError: Attempted boolean conversion of traced array"
import jax
import jax.numpy as jnp


@jax.jit
@jax.vmap
def smooth_l1(err):
    if jnp.abs(err) < 1.0:  # expect: JXP401
        return 0.5 * err ** 2
    return jnp.abs(err) - 0.5
