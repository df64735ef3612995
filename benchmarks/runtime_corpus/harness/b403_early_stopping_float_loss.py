from rt import *
n = "b403_early_stopping_float_loss"; m, _, _ = load(n)
params = {"w1": jnp.ones((3, 4)) * 0.1, "w2": jnp.ones((4, 1)) * 0.1}
b = (jnp.ones((4, 3)), jnp.zeros((4, 1)))
e = raises(m.fit, params, [b, b], b)
verdict(n, e is not None, ename(e))
