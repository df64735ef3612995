from rt import *
n = "b601_aux_from_grad"; m, _, _ = load(n)
e = raises(m.update, jnp.ones(2), jnp.ones((3, 2)))
verdict(n, e is not None, ename(e))
