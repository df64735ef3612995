from rt import *
n = "b403_math_exp_decay"; m, _, _ = load(n)
e = raises(m.update, {"w": jnp.ones(2)}, {"w": jnp.ones(2)}, 10)
verdict(n, e is not None, ename(e))
