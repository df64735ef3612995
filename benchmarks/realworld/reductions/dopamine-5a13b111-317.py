"""A linen module draws two noise vectors from its one key attribute.

Reduces dopamine-5a13b111-317: `sample_noise(self.rng_key, ...)` twice in `__call__`
gives the factored-noise vectors correlated values.
"""
import flax.linen as nn
import jax
import jax.numpy as jnp


class NoisyNetwork(nn.Module):
    rng_key: jax.Array
    features: int

    @staticmethod
    def sample_noise(key, shape):
        return jax.random.normal(key, shape)

    @nn.compact
    def __call__(self, x):
        p = NoisyNetwork.sample_noise(self.rng_key, [x.shape[0], 1])
        q = NoisyNetwork.sample_noise(self.rng_key, [1, self.features])  # JXP301
        return x @ (p * q)
