"""A list comprehension draws every row from the same key.

Reduces coax-cb47014e-284: `[jax.random.uniform(key, ...) for _ in range(n)]` repeats
one draw n times (a comprehension is a loop; the key is never split in it).
"""
import jax
import jax.numpy as jnp


class QuantileQ:
    @classmethod
    def sample_quantiles(cls, num_quantiles, batch_size, random_seed):
        quantiles = [jax.random.uniform(random_seed, shape=(1, num_quantiles))  # JXP302
                     for _ in range(batch_size)]
        quantiles = [q / jnp.sum(q, axis=-1, keepdims=True) for q in quantiles]
        return jnp.concatenate(quantiles, axis=0)
