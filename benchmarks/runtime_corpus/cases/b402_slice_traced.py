import jax
import jax.numpy as jnp


def top_k_mean(scores, k):
    sorted_scores = jnp.sort(scores)[::-1]
    return jnp.mean(sorted_scores[:k])  # expect: JXP402


top_k_mean_jit = jax.jit(top_k_mean)
