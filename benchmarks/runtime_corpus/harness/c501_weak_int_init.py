from rt import *
n = "c501_weak_int_init"; m, _, _ = load(n)
e = raises(m.discounted_return, jnp.ones(3))
verdict(n, e is not None, ename(e))
