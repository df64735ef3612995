from rt import *
n = "b501_cond_branch_dtype"; m, _, _ = load(n)
e = raises(m.quantize_if, jnp.ones(3), True)
verdict(n, e is not None, ename(e))
