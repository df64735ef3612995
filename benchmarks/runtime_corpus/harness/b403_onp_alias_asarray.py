from rt import *
n = "b403_onp_alias_asarray"; m, _, _ = load(n)
e = raises(m.normalize, jnp.ones((3, 2)))
verdict(n, e is not None, ename(e))
