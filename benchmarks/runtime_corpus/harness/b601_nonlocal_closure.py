from rt import *
n = "b601_nonlocal_closure"; m, _, _ = load(n)
fwd, get = m.make_model(jnp.eye(2)); fwd(jnp.ones(2))
e = raises(lambda: get() * 2)
verdict(n, ename(e) == "UnexpectedTracerError", ename(e))
