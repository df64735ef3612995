from rt import *
n = "b401_warmup_helper_ternary"; m, _, _ = load(n)
e = raises(m.sgd_update, {"w": jnp.ones(2)}, {"w": jnp.ones(2)}, 10)
verdict(n, e is not None, ename(e))
