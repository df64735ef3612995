from rt import *
n = "b402_zeros_traced_n"; m, _, _ = load(n)
e = raises(m.pad_to, jnp.ones(3), 5)
verdict(n, e is not None, ename(e))
