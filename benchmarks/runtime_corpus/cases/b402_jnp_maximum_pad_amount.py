import jax
import jax.numpy as jnp

MAX_LEN = 16


@jax.jit
def pad_tokens(tokens):
    n_pad = jnp.maximum(0, MAX_LEN - tokens.shape[0])
    return jnp.pad(tokens, (0, n_pad))  # expect: JXP402
