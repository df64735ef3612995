import jax, jax.numpy as jnp
from rt import load, raises, verdict, ename
N = "b402_range_count_nonzero"
m, exc, _ = load(N)
e = raises(m.gather_active, jnp.arange(12).reshape(4, 3), jnp.array([True, False, True, True]))
verdict(N, e is not None, f"{ename(e)}: {e}")
