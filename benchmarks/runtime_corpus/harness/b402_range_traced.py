from rt import *
n = "b402_range_traced"; m, _, _ = load(n)
e = raises(m.unroll_jit, jnp.ones(2), 3)
verdict(n, e is not None, ename(e))
