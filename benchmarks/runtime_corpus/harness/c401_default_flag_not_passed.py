from rt import *
n = "c401_default_flag_not_passed"; m, _, _ = load(n)
e = raises(m.normalise, jnp.arange(4.0))
verdict(n, e is not None, ename(e))
