# expect: none
import jax
import jax.numpy as jnp
from flax import nnx


class KVCache(nnx.Module):
    def __init__(self, max_len, dim):
        self.k = nnx.Cache(jnp.zeros((max_len, dim)))
        self.v = nnx.Cache(jnp.zeros((max_len, dim)))
        self.index = nnx.Cache(jnp.zeros((), jnp.int32))

    def __call__(self, q, k, v):
        i = self.index[...]
        self.k[i] = k
        self.v[i] = v
        self.index[...] = i + 1
        scores = self.k[...] @ q
        scores = jnp.where(jnp.arange(scores.shape[0]) <= i, scores, -1e9)
        return jax.nn.softmax(scores) @ self.v[...]


@nnx.jit
def decode_step(cache, q, k, v):
    return cache(q, k, v)
