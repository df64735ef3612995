from rt import *
n = "b401_jnp_constant_if"; m, _, _ = load(n)
e = raises(m.temper, jnp.ones(3))
verdict(n, e is not None, ename(e))
