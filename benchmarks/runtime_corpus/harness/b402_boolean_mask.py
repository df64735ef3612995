from rt import *
n = "b402_boolean_mask"; m, _, _ = load(n)
e = raises(m.positive_mean, jnp.array([1.0, -1.0]))
verdict(n, e is not None, ename(e))
