from rt import *
n = "b402_slice_traced"; m, _, _ = load(n)
e = raises(m.top_k_mean_jit, jnp.arange(5.0), 2)
verdict(n, e is not None, ename(e))
