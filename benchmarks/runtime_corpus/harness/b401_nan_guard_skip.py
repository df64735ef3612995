from rt import *
n = "b401_nan_guard_skip"; m, _, _ = load(n)
p = {"w": jnp.ones((2, 1)), "b": jnp.zeros(1)}
e = raises(m.train_step, p, m.tx.init(p), jnp.ones((3, 2)), jnp.zeros((3, 1)))
verdict(n, e is not None, ename(e))
