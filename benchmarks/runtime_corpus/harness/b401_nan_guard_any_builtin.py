from rt import *
n = "b401_nan_guard_any_builtin"; m, _, _ = load(n)
p = {"w": jnp.ones((3, 2)) * 0.1}
e = raises(m.train_step, p, m.optimizer.init(p), jnp.ones((4, 3)), jnp.zeros((4, 2)))
verdict(n, e is not None, ename(e))
