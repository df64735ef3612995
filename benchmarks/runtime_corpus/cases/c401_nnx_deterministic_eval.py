# expect: none
import jax
import jax.numpy as jnp
from flax import nnx


class StochasticDepthBlock(nnx.Module):
    def __init__(self, dim, drop_prob, *, rngs):
        self.lin = nnx.Linear(dim, dim, rngs=rngs)
        self.drop_prob = drop_prob
        self.deterministic = False
        self.rngs = rngs

    def __call__(self, x):
        if self.deterministic or self.drop_prob == 0.0:
            return x + self.lin(x)
        keep = jax.random.bernoulli(self.rngs.depth(), 1.0 - self.drop_prob)
        return x + jnp.where(keep, self.lin(x) / (1.0 - self.drop_prob), 0.0)


@nnx.jit
def forward(model, x):
    return model(x)


def evaluate(model, x):
    model.eval()
    return forward(model, x)
