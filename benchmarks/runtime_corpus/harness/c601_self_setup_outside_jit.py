from rt import *
n = "c601_self_setup_outside_jit"; m, _, _ = load(n)
t = m.Trainer(jnp.ones(2)); t.fit([jnp.ones((2, 2))] * 2)
e = raises(lambda: jnp.stack(t.history) + t.w[0])
verdict(n, e is not None, ename(e))
