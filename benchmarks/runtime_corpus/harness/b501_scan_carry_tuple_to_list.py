import jax, jax.numpy as jnp
from rt import load, raises, verdict, ename
N = "b501_scan_carry_tuple_to_list"
m, exc, _ = load(N)
e = raises(m.running_moments, jnp.arange(12.0).reshape(4, 3))
verdict(N, e is not None, f"{ename(e)}: {str(e)[:200]}")
