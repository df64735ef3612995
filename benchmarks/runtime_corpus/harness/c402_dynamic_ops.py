from rt import *
n = "c402_dynamic_ops"; m, _, _ = load(n)
e = raises(m.window, jnp.arange(6.0) - 2, 1)
verdict(n, e is not None, ename(e))
