from rt import *
n = "b601_global_assign"; m, _, _ = load(n)
m.step(jnp.ones(2), jnp.ones((3, 2)))
e = raises(lambda: jnp.linalg.norm(m.last_grads))
verdict(n, ename(e) == "UnexpectedTracerError", ename(e))
