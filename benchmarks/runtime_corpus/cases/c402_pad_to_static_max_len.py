# expect: none
import jax
import jax.numpy as jnp

MAX_LEN = 16


@jax.jit
def pad_and_mask(seq):
    pad = MAX_LEN - seq.shape[0]
    padded = jnp.pad(seq, (0, pad))
    mask = jnp.arange(MAX_LEN) < seq.shape[0]
    return padded, mask
