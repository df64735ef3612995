import jax
import jax.numpy as jnp
import numpy as np


class SinusoidalTable:
    def __init__(self, dim):
        self.dim = dim
        self._tables = {}

    def get(self, length):
        if length not in self._tables:
            pos = np.arange(length)[:, None]
            freq = np.exp(-np.log(10000.0) * np.arange(0, self.dim, 2) / self.dim)
            table = np.zeros((length, self.dim), np.float32)
            table[:, 0::2] = np.sin(pos * freq)
            table[:, 1::2] = np.cos(pos * freq)
            self._tables[length] = table
        return self._tables[length]


positions = SinusoidalTable(8)


@jax.jit
def embed(tokens_emb):
    return tokens_emb + positions.get(tokens_emb.shape[0])
