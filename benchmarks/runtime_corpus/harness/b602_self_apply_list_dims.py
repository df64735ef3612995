from rt import *
n = "b602_self_apply_list_dims"; m, _, _ = load(n)
e = raises(m.model, jnp.ones((3, 5)))
verdict(n, e is not None, ename(e))
