from rt import *
n = "b402_grad_accum_reshape"; m, _, _ = load(n)
e = raises(m.accumulated_grad, jnp.ones(3), jnp.ones((8, 3)), 4)
verdict(n, e is not None, ename(e))
