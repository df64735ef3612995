import jax
import jax.numpy as jnp
from flax import nnx


class NoisyDropout(nnx.Module):
    """Dropout followed by Gaussian noise on the kept units."""

    def __init__(self, rate, sigma, *, rngs):
        self.rate = rate
        self.sigma = sigma
        self.rngs = rngs

    def __call__(self, x):
        key = self.rngs.dropout()
        keep = jax.random.bernoulli(key, 1.0 - self.rate, x.shape)
        noise = self.sigma * jax.random.normal(key, x.shape)  # expect: JXP301
        return jnp.where(keep, (x + noise) / (1.0 - self.rate), 0.0)


@nnx.jit
def apply(layer, x):
    return layer(x)
