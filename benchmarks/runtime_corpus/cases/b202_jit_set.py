import jax
import jax.numpy as jnp


@jax.jit
def add_bos(tokens, bos_id):
    tokens.at[0].set(bos_id)  # expect: JXP202
    return tokens
