import jax
import jax.numpy as jnp


class MLP:
    def __init__(self, sizes):
        self.sizes = sizes

    def init_layer(self, key, n_in, n_out):
        return jax.random.normal(key, (n_in, n_out)) * jnp.sqrt(2.0 / n_in)

    def init(self, key):
        hidden = self.init_layer(key, self.sizes[0], self.sizes[1])
        out = self.init_layer(key, self.sizes[1], self.sizes[1])  # expect: JXP301
        return [hidden, out]
