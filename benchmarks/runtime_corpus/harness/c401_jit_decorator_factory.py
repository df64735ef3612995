from rt import *
n = "c401_jit_decorator_factory"; m, _, _ = load(n)
e = raises(m.power_iter, jnp.ones(3), 3)
verdict(n, e is not None, ename(e))
