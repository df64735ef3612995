"""A print of traced arrays in a function given to shard_map.

Reduces maxdiffusion-70c656e4-299 (and -301): `shard_map` traces the kernel wrapper,
so the prints run once at trace time and show tracers; shard_map (`jax.shard_map`,
`jax.experimental.shard_map.shard_map`) is not known as a tracing transform.
"""
import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map


def attention(q, mesh, spec):
    def wrapped(q_block):
        kv_indices = jax.lax.broadcasted_iota(jnp.int32, (q_block.shape[0],), 0)
        print("KV indices:", kv_indices)  # JXP104
        return q_block * 2

    return shard_map(wrapped, mesh=mesh, in_specs=(spec,), out_specs=spec)(q)
