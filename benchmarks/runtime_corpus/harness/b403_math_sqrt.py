from rt import *
n = "b403_math_sqrt"; m, _, _ = load(n)
e = raises(m.scaled_attention, jnp.ones((2, 4)), jnp.ones((2, 4)), 4.0)
verdict(n, e is not None, ename(e))
