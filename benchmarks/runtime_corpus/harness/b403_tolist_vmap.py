from rt import *
n = "b403_tolist_vmap"; m, _, _ = load(n)
e = raises(m.describe_all, jnp.ones((2, 3)))
verdict(n, e is not None, ename(e))
