from rt import *
n = "b401_nnx_variable_counter_if"; m, _, _ = load(n)
e = raises(m.normalize, m.EMANorm(3), jnp.ones((4, 3)))
verdict(n, e is not None, f"{ename(e)}: {str(e)[:100]}")
