from rt import *
n = "c401_static_argnames_assigned"; m, _, _ = load(n)
e = raises(m.run, jnp.ones((3, 3)))
verdict(n, e is not None, ename(e))
