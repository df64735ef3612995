import jax, jax.numpy as jnp
from rt import load, raises, verdict, ename
N = "b402_static_argnums_off_by_one"
m, exc, _ = load(N)
e = raises(m.keep_best, jnp.arange(6.0))
verdict(N, e is not None, f"{ename(e)}: {str(e)[:200]}")
