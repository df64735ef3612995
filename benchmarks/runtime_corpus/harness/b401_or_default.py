from rt import *
n = "b401_or_default"; m, _, _ = load(n)
e = raises(m.scaled_mean, jnp.ones((2, 2)), 2.0)
verdict(n, e is not None, ename(e))
