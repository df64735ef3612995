from rt import *
n = "b401_while_newton"; m, _, _ = load(n)
e = raises(m.sqrt_batch, jnp.array([4.0, 9.0]))
verdict(n, e is not None, ename(e))
