import jax
import jax.numpy as jnp
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dout, *, rngs):
        self.lin = nnx.Linear(din, dout, rngs=rngs)
        self.drop = nnx.Dropout(0.5)

    def __call__(self, x, rngs):
        return self.drop(self.lin(x), rngs=rngs)


@nnx.jit
def noisy_forward(model, x):
    rngs = nnx.Rngs(dropout=0)  # expect: JXP105
    return model(x, rngs)
