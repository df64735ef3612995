from rt import *
n = "b402_split_traced_sections"; m, _, _ = load(n)
e = raises(m.accumulated_grad_jit, jnp.ones(2), jnp.ones((8, 2)), 4)
verdict(n, e is not None, ename(e))
