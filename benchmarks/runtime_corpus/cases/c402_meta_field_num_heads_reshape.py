import dataclasses
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.tree_util.register_dataclass,
                   data_fields=["wq"], meta_fields=["num_heads"])
@dataclasses.dataclass
class Attn:
    wq: jax.Array
    num_heads: int


@jax.jit
def split_heads(p, x):
    q = x @ p.wq
    b, t, d = q.shape
    head_dim = d // p.num_heads
    q = q.reshape(b, t, p.num_heads, head_dim)
    scale = jnp.ones((p.num_heads,)) / jnp.sqrt(head_dim)
    return q * scale[None, None, :, None]
