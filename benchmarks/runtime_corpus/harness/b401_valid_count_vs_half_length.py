import jax, jax.numpy as jnp
from rt import load, raises, verdict, ename
N = "b401_valid_count_vs_half_length"
m, exc, _ = load(N)
e = raises(m.adaptive_pool, jnp.ones((6, 2)), jnp.array([1, 1, 1, 1, 0, 0], bool))
verdict(N, e is not None, f"{ename(e)}: {e}")
