from rt import *
n = "b402_repeat_no_total"; m, _, _ = load(n)
e = raises(m.expand_by_counts, jnp.arange(3.0), jnp.array([1, 2, 0]))
verdict(n, e is not None, ename(e))
