import jax
import jax.numpy as jnp


@jax.jit
def pad_to(x, length):
    pad = jnp.zeros(length - x.shape[0])  # expect: JXP402
    return jnp.concatenate([x, pad])
