from rt import *
n = "c201_new_ref"; m, _, _ = load(n)
e = raises(m.accumulate, jnp.ones((2, 3)))
verdict(n, e is not None, ename(e) or str(m.accumulate(jnp.ones((2, 3)))))
