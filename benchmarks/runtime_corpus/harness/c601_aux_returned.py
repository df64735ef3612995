from rt import *
n = "c601_aux_returned"; m, _, _ = load(n)
e = raises(m.update, jnp.ones(2), jnp.ones((3, 2)))
verdict(n, e is not None, ename(e))
