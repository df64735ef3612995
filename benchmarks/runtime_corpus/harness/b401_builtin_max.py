from rt import *
n = "b401_builtin_max"; m, _, _ = load(n)
e = raises(m.hinge, 1.0, jnp.float32(0.5))
verdict(n, e is not None, ename(e))
