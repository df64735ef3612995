from rt import *
n = "c403_static_conversions"; m, _, _ = load(n)
e = raises(m.attention, jnp.ones((2, 4)), jnp.ones((2, 4)))
verdict(n, e is not None, ename(e))
