import jax
import jax.numpy as jnp


@jax.jit
def causal_mask(x, seq_len):
    pos = jnp.arange(seq_len)  # expect: JXP402
    return x * (pos[:, None] >= pos[None, :])
