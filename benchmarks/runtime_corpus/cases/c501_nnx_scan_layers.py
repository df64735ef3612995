# expect: none
import jax
import jax.numpy as jnp
from flax import nnx


class Layer(nnx.Module):
    def __init__(self, dim, rngs):
        self.lin = nnx.Linear(dim, dim, rngs=rngs)

    def __call__(self, x):
        return x + jnp.tanh(self.lin(x))


@nnx.split_rngs(splits=3)
@nnx.vmap(in_axes=(0,), out_axes=0)
def make_stack(rngs):
    return Layer(4, rngs)


@nnx.jit
def forward(stack, x):
    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=(nnx.Carry, 0))
    def body(h, layer):
        h = layer(h)
        return h, h.mean()

    out, means = body(x, stack)
    return out, means
