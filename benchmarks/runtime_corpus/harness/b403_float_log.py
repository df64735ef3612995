from rt import *
n = "b403_float_log"; m, _, _ = load(n)
e = raises(m.train_step, jnp.ones(2), jnp.ones((3, 2)), jnp.zeros(3))
verdict(n, e is not None, ename(e))
