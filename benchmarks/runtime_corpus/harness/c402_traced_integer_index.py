from rt import *
n = "c402_traced_integer_index"; m, _, _ = load(n)
e = raises(m.gather_best, jnp.ones((3, 2)), jnp.arange(3.0), jnp.array([0, 2]))
verdict(n, e is not None, ename(e))
