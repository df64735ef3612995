from rt import *
n = "b401_value_and_grad_if"; m, _, _ = load(n)
e = raises(m.adaptive_step, jnp.ones(2), jnp.ones((3, 2)), 0.1)
verdict(n, e is not None, ename(e))
