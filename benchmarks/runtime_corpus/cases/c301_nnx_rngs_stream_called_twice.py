# expect: none
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
        keep = jax.random.bernoulli(self.rngs.dropout(), 1.0 - self.rate, x.shape)
        noise = self.sigma * jax.random.normal(self.rngs.dropout(), x.shape)
        return jnp.where(keep, (x + noise) / (1.0 - self.rate), 0.0)


@nnx.jit
def apply(layer, x):
    return layer(x)
