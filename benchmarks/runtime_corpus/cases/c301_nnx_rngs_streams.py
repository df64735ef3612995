"""nnx model that draws two dropout masks from the same Rngs stream."""
import jax
import jax.numpy as jnp
from flax import nnx


class NoisyBlock(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.lin = nnx.Linear(dim, dim, rngs=rngs)
        self.rngs = rngs

    def __call__(self, x):
        key = self.rngs.dropout()
        mask1 = jax.random.bernoulli(key, 0.5, x.shape)
        key = self.rngs.dropout()
        mask2 = jax.random.bernoulli(key, 0.5, x.shape)
        h = self.lin(x * mask1)
        return h * mask2, mask1, mask2


@nnx.jit
def forward(model, x):
    return model(x)
