from rt import *
n = "c601_local_object_in_jit"; m, _, _ = load(n)
e = raises(m.mean_of_parts, jnp.arange(4.0))
verdict(n, e is not None or float(m.mean_of_parts(jnp.arange(4.0))) != 1.5, ename(e))
