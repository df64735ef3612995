import jax.numpy as jnp
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dout, *, rngs):
        self.l1 = nnx.Linear(din, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.l2 = nnx.Linear(32, dout, rngs=rngs)

    def __call__(self, x, train):
        h = nnx.relu(self.l1(x))
        if train:  # expect: JXP401
            h = self.drop(h)
        return self.l2(h)


@nnx.jit
def forward(model, x, train):
    return model(x, train)
