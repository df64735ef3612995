import jax, jax.numpy as jnp
from rt import load, raises, verdict, ename
N = "b602_mutable_dataclass_config"
m, exc, _ = load(N)
e = raises(m.train, jnp.zeros(2), jnp.ones((4, 2)), jnp.ones(4))
verdict(N, e is not None, f"{ename(e)}: {str(e)[:200]}")
