"""A scanned layer index handed by keyword to a module's `__call__` from an nnx.scan body.

Reduces maxdiffusion-51c985d2-505 (and -563, -646, -676, -688): the blocks are
scanned with `nnx.scan` over `(blocks, jnp.arange(num_layers))`; the body passes the
index to `block(..., layer_idx=i)`, so `layer_idx == 0 or ...` asks for the truth
value of a tracer. The default `None` is only the unscanned path.
"""
import jax.numpy as jnp
from flax import nnx


class Block(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.dense = nnx.Linear(4, 4, rngs=rngs)

    def __call__(self, x, layer_idx=None):
        if layer_idx == 0 or layer_idx is None:  # JXP401
            print("first layer")
        return self.dense(x)


def run_blocks(blocks, x, num_layers):
    def body(carry, block_and_index):
        block, i = block_and_index
        return block(carry, layer_idx=i), None

    scanned = nnx.scan(body, in_axes=(nnx.Carry, 0), out_axes=(nnx.Carry, 0))
    out, _ = scanned(x, (blocks, jnp.arange(num_layers)))
    return out
