# expect: none
import flax.linen as nn
import jax
import jax.numpy as jnp


class NoisyDropout(nn.Module):
    rate: float = 0.5

    @nn.compact
    def __call__(self, x):
        keep = jax.random.bernoulli(self.make_rng("dropout"), 1.0 - self.rate, x.shape)
        noise = jax.random.normal(self.make_rng("dropout"), x.shape)
        return jnp.where(keep, x, 0.0) + 0.01 * noise
