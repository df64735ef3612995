from rt import *
n = "b402_dynamic_window_slice"; m, _, _ = load(n)
e = raises(m.window_sums, jnp.arange(10.0), jnp.array([0, 2]))
verdict(n, e is not None, ename(e))
