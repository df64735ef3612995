from rt import *
n = "b601_setdefault_cache"; m, _, _ = load(n)
m.project(jnp.ones(2), jnp.eye(2))
e = raises(lambda: m._basis_cache["basis"] + 1)
verdict(n, ename(e) == "UnexpectedTracerError", ename(e))
