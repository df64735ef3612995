from rt import *
n = "c403_pure_callback_numpy"; m, _, _ = load(n)
e = raises(m.robust_center, jnp.array([1.0, 2.0, 10.0]))
verdict(n, e is not None, ename(e))
