import jax
import jax.numpy as jnp


class NoiseInjector:
    def __init__(self, seed):
        self.key = jax.random.PRNGKey(seed)

    def __call__(self, x):
        gaussian = jax.random.normal(self.key, x.shape)
        mask = jax.random.bernoulli(self.key, 0.5, x.shape)  # expect: JXP301
        return x + jnp.where(mask, gaussian, 0.0)
