import flax.linen as nn
import jax
import jax.numpy as jnp


class DecoderCache(nn.Module):
    max_len: int = 8
    dim: int = 4

    @nn.compact
    def __call__(self, k, v):
        cached_k = self.variable("cache", "k", jnp.zeros, (self.max_len, self.dim))
        cached_v = self.variable("cache", "v", jnp.zeros, (self.max_len, self.dim))
        index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
        i = index.value
        cached_k.value = cached_k.value.at[i].set(k)
        cached_v.value.at[i].set(v)  # expect: JXP202
        index.value = i + 1
        return cached_k.value, cached_v.value


model = DecoderCache()


@jax.jit
def decode_step(cache, k, v):
    (ks, vs), new_vars = model.apply({"cache": cache}, k, v, mutable=["cache"])
    return new_vars["cache"], vs
