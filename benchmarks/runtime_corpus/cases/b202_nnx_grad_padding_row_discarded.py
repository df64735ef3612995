import jax.numpy as jnp
import optax
from flax import nnx

PAD = 0


class BagOfWords(nnx.Module):
    def __init__(self, vocab, dim, *, rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.head = nnx.Linear(dim, 1, rngs=rngs)

    def __call__(self, tokens):
        return self.head(self.embed(tokens).mean(axis=1))[:, 0]


@nnx.jit
def train_step(model, optimizer, tokens, y):
    grads = nnx.grad(lambda m: jnp.mean((m(tokens) - y) ** 2))(model)
    grads["embed"]["embedding"].value.at[PAD].set(0.0)  # expect: JXP202
    optimizer.update(model, grads)


def make():
    model = BagOfWords(10, 4, rngs=nnx.Rngs(0))
    return model, nnx.Optimizer(model, optax.sgd(0.5), wrt=nnx.Param)
