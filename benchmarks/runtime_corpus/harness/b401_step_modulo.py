from rt import *
n = "b401_step_modulo"; m, _, _ = load(n)
e = raises(m.train_step, jnp.ones(2), jnp.ones(2), 100)
verdict(n, e is not None, ename(e))
