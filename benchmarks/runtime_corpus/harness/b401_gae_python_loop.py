from rt import *
n = "b401_gae_python_loop"; m, _, _ = load(n)
e = raises(m.compute_returns, jnp.ones(5), jnp.array([False, False, True, False, False]))
verdict(n, e is not None, ename(e))
