import jax
import jax.numpy as jnp
from flax import nnx


class CachedSelfAttention(nnx.Module):
    def __init__(self, dim, max_len, *, rngs):
        self.qkv = nnx.Linear(dim, 3 * dim, rngs=rngs)
        self.cache_k = nnx.Cache(jnp.zeros((max_len, dim)))
        self.cache_v = nnx.Cache(jnp.zeros((max_len, dim)))
        self.index = nnx.Cache(jnp.array(0, jnp.int32))

    def decode_step(self, x):
        q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
        i = self.index.value
        self.cache_k.value.at[i].set(k)  # expect: JXP202
        self.cache_v.value = self.cache_v.value.at[i].set(v)
        self.index.value = i + 1
        mask = jnp.arange(self.cache_k.value.shape[0]) <= i
        scores = jnp.where(mask, self.cache_k.value @ q, -jnp.inf)
        return jax.nn.softmax(scores) @ self.cache_v.value


@nnx.jit
def decode(model, x):
    return model.decode_step(x)
