from rt import *
n = "b401_if_reduction"; m, _, _ = load(n)
e = raises(m.safe_normalize, jnp.ones(3))
verdict(n, e is not None, ename(e))
