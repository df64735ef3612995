import jax
import jax.numpy as jnp


@jax.jit
def pad_batch(seq, bucket_len):
    return jnp.pad(seq, (0, bucket_len - seq.shape[0]))  # expect: JXP402
