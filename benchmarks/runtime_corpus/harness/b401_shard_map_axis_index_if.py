from rt import *
from jax.sharding import NamedSharding, PartitionSpec as P
n = "b401_shard_map_axis_index_if"; m, _, _ = load(n)
x = jax.device_put(jnp.arange(8.0), NamedSharding(m.mesh, P("data")))
e = raises(m.step, x)
verdict(n, e is not None, f"{ename(e)}: {str(e)[:120]}")
