import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",))


def _local_step(x):
    total = jax.lax.psum(x.sum(), "data")
    if jax.lax.axis_index("data") == 0:  # expect: JXP401
        x = x - total
    return x


step = jax.jit(shard_map(_local_step, mesh=mesh, in_specs=P("data"), out_specs=P("data")))
