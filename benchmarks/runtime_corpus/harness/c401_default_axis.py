from rt import *
n = "c401_default_axis"; m, _, _ = load(n)
e = raises(m.logsumexp, jnp.ones((2, 3)))
verdict(n, e is not None, ename(e))
