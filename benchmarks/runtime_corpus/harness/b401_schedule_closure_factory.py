from rt import *
n = "b401_schedule_closure_factory"; m, _, _ = load(n)
e = raises(m.sgd_step, {"w": jnp.ones(2)}, {"w": jnp.ones(2)}, 5)
verdict(n, e is not None, ename(e))
