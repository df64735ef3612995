from rt import *
from jax.sharding import NamedSharding, PartitionSpec as P
n = "c402_shard_map_axis_size"; m, _, _ = load(n)
x = jax.device_put(jnp.arange(8.0), NamedSharding(m.mesh, P("data")))
e = raises(m.global_mean, x)
verdict(n, e is not None, f"{ename(e)} {str(e)[:100] if e else m.global_mean(x)}")
