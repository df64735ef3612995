# expect: none
import math

import equinox as eqx
import jax
import jax.numpy as jnp


class Attention(eqx.Module):
    qkv: eqx.nn.Linear
    num_heads: int = eqx.field(static=True)

    def __init__(self, dim, num_heads, key):
        self.qkv = eqx.nn.Linear(dim, 3 * dim, key=key)
        self.num_heads = num_heads


@eqx.filter_jit
def attend(attn, x, softmax_temp):
    q, k, v = jnp.split(jax.vmap(attn.qkv)(x), 3, axis=-1)
    head_dim = q.shape[-1] // attn.num_heads
    scale = 1.0 / (math.sqrt(head_dim) * float(softmax_temp))
    return jax.nn.softmax(q @ k.T * scale, axis=-1) @ v
