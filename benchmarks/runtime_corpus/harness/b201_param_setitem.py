from rt import *
n = "b201_param_setitem"; m, _, _ = load(n)
e = raises(m.clip_first, jnp.ones(3))
verdict(n, e is not None, ename(e))
