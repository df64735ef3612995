import jax
import jax.numpy as jnp


@jax.jit
def attention_logits(q, k):
    scale = jnp.sqrt(q.shape[-1])
    inv = 1.0 / float(scale)  # expect: JXP403
    return (q @ k.T) * inv
