from rt import *
n = "b501_while_carry_extra_err"; m, _, _ = load(n)
e = raises(m.sqrt_newton, jnp.float32(2.0))
verdict(n, e is not None, ename(e))
