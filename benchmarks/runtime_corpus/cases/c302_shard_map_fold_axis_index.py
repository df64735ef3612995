"""Per-device noise under shard_map: one key broadcast, folded with the axis index."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P


def make_mesh():
    return Mesh(jax.devices()[:4], ("data",))


def sharded_noise(mesh, key, x):
    @functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data")), out_specs=P("data"))
    def add_noise(key, xs):
        idx = jax.lax.axis_index("data")
        k = jax.random.fold_in(key, idx)
        return xs + jax.random.normal(k, xs.shape)

    return jax.jit(add_noise)(key, x)
