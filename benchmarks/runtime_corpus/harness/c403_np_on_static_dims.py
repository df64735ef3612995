from rt import *
n = "c403_np_on_static_dims"; m, _, _ = load(n)
e = raises(m.attention, jnp.ones((3, 4)), jnp.ones((5, 4)), jnp.ones((5, 2)))
verdict(n, e is not None, ename(e))
