from rt import *
n = "b402_arange_traced"; m, _, _ = load(n)
e = raises(m.causal_mask, jnp.ones((3, 3)), 3)
verdict(n, e is not None, ename(e))
