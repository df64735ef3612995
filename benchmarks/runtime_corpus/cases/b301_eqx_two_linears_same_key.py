import equinox as eqx
import jax
import jax.numpy as jnp


class SelfAttention(eqx.Module):
    query: eqx.nn.Linear
    key_proj: eqx.nn.Linear
    value: eqx.nn.Linear

    def __init__(self, dim, key):
        qkey, vkey = jax.random.split(key)
        self.query = eqx.nn.Linear(dim, dim, key=qkey)
        self.key_proj = eqx.nn.Linear(dim, dim, key=qkey)  # expect: JXP301
        self.value = eqx.nn.Linear(dim, dim, key=vkey)

    def __call__(self, x):
        q, k, v = jax.vmap(self.query)(x), jax.vmap(self.key_proj)(x), jax.vmap(self.value)(x)
        return jax.nn.softmax(q @ k.T / jnp.sqrt(x.shape[-1]), axis=-1) @ v
