# expect: none
import jax
import jax.numpy as jnp
from flax import nnx


class Sampler(nnx.Module):
    def __init__(self, vocab, dim, *, rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.head = nnx.Linear(dim, vocab, rngs=rngs)
        self.temperature = 1.0

    def set_temperature(self, t):
        self.temperature = t

    def __call__(self, tokens):
        logits = self.head(self.embed(tokens))
        return jax.nn.softmax(logits / self.temperature, axis=-1)


@nnx.jit
def next_token_probs(model, tokens):
    return model(tokens)
