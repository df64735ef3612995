import jax, jax.numpy as jnp
from rt import load, raises, verdict, ename
N = "b602_hidden_sizes_list"
m, exc, _ = load(N)
p = m.init(jax.random.key(0), 4, (16, 16, 16))
e = raises(m.forward, p, jnp.ones((2, 4)))
verdict(N, e is not None, f"{ename(e)}: {e}")
