from rt import *
n = "b201_fori_body_setitem"; m, _, _ = load(n)
e = raises(m.prefix_sum, jnp.arange(5.0))
verdict(n, e is not None, ename(e))
