import flax.linen as nn
import jax
import jax.numpy as jnp


class BagOfWords(nn.Module):
    vocab: int = 10

    @nn.compact
    def __call__(self, tokens):
        return nn.Embed(self.vocab, 4)(tokens).mean(axis=-2)


model = BagOfWords()


def init_with_padding(key):
    variables = model.init(key, jnp.zeros((1, 5), jnp.int32))
    table = variables["params"]["Embed_0"]["embedding"]
    table[0] = 0.0  # expect: JXP201
    return variables
