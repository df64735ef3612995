import jax
import jax.numpy as jnp


@jax.jit
def sample_top_k(logits, key, k):
    vals, idx = jax.lax.top_k(logits, k)  # expect: JXP402
    choice = jax.random.categorical(key, vals)
    return idx[choice]
