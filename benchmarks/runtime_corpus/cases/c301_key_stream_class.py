# expect: none
# A tiny PRNGSequence, as in the Haiku docs: each next() hands out a fresh subkey.
import jax
import jax.numpy as jnp


class KeyStream:
    def __init__(self, seed):
        self.key = jax.random.PRNGKey(seed)

    def next(self):
        self.key, sub = jax.random.split(self.key)
        return sub


ks = KeyStream(0)
w = jax.random.normal(ks.next(), (3, 3))
b = jax.random.normal(ks.next(), (3,))
noise = jax.random.uniform(ks.next(), (3,))
