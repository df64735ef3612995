# expect: none
import jax
import jax.numpy as jnp
from flax import nnx


class MultiHeadProj(nnx.Module):
    def __init__(self, dim, num_heads, rngs):
        self.num_heads = num_heads
        self.head_dim = dim // num_heads
        self.proj = nnx.Linear(dim, dim, rngs=rngs)

    def __call__(self, x):
        h = self.proj(x)
        b, t = x.shape[0], x.shape[1]
        h = h.reshape(b, t, self.num_heads, self.head_dim)
        if self.head_dim > 1:
            h = h / jnp.sqrt(self.head_dim)
        return h.sum(axis=-1)


@nnx.jit
def run(model, x):
    return model(x)
