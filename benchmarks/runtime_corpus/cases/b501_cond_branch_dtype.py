import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def quantize_if(x, enabled):
    return lax.cond(  # expect: JXP501
        enabled,
        lambda v: jnp.round(v * 127).astype(jnp.int8),
        lambda v: v,
        x,
    )
