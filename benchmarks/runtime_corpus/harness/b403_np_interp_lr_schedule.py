from rt import *
n = "b403_np_interp_lr_schedule"; m, _, _ = load(n)
p = {"w": jnp.ones(2)}
e = raises(m.update, p, p, 50)
verdict(n, e is not None, ename(e))
