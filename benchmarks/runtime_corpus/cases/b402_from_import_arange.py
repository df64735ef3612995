from functools import partial

import jax
from jax.numpy import arange, sin, cos, concatenate


@partial(jax.jit, static_argnames="dim")
def positional_encoding(seq_len, dim):
    pos = arange(seq_len)[:, None]  # expect: JXP402
    freqs = 1.0 / (10000 ** (arange(0, dim, 2) / dim))
    return concatenate([sin(pos * freqs), cos(pos * freqs)], axis=-1)
