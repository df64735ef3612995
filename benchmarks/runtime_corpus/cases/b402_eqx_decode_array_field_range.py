import equinox as eqx
import jax
import jax.numpy as jnp


class GreedyDecoder(eqx.Module):
    embed: jax.Array
    proj: jax.Array
    max_len: jax.Array

    def __init__(self, vocab, dim, max_len, key):
        k1, k2 = jax.random.split(key)
        self.embed = jax.random.normal(k1, (vocab, dim))
        self.proj = jax.random.normal(k2, (dim, vocab))
        self.max_len = jnp.asarray(max_len)

    def decode(self, token):
        out = []
        for _ in range(self.max_len):  # expect: JXP402
            token = jnp.argmax(jnp.tanh(self.embed[token]) @ self.proj)
            out.append(token)
        return jnp.stack(out)


@eqx.filter_jit
def generate(model, bos):
    return model.decode(bos)
