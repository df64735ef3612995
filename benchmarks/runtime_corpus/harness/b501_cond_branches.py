from rt import *
n = "b501_cond_branches"; m, _, _ = load(n)
e = raises(m.maybe_reset, (jnp.ones(2), jnp.ones(2)), True)
verdict(n, e is not None, ename(e))
