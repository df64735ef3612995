import jax
import jax.numpy as jnp


@jax.jit
def temper(logits):
    t = jnp.sqrt(2.0)
    if t > 1.0:  # expect: JXP401
        logits = logits / t
    return logits
