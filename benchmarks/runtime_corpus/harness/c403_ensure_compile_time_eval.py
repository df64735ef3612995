from rt import *
n = "c403_ensure_compile_time_eval"; m, _, _ = load(n)
q = jnp.ones((3, 25))
e = raises(m.scaled_dot_attention, q, q)
verdict(n, e is not None, ename(e))
