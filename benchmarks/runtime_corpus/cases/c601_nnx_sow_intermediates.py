# expect: none
import jax
import jax.numpy as jnp
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(3, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        h = nnx.relu(self.l1(x))
        self.sow(nnx.Intermediate, "hidden_mean", h.mean())
        return self.l2(h)


@nnx.jit
def forward_with_stats(model, x):
    y = model(x)
    stats = nnx.pop(model, nnx.Intermediate)
    return y, stats
