import haiku as hk
import jax
import jax.numpy as jnp

PAD = 0


class PaddedEmbed(hk.Module):
    def __init__(self, vocab, dim, name=None):
        super().__init__(name=name)
        self.vocab = vocab
        self.dim = dim

    def __call__(self, tokens):
        table = hk.get_parameter("table", [self.vocab, self.dim], init=hk.initializers.RandomNormal())
        table[PAD] = 0.0  # expect: JXP201
        return table[tokens]


embed = hk.without_apply_rng(hk.transform(lambda t: PaddedEmbed(10, 4)(t)))
