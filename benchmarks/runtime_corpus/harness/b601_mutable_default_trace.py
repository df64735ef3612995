from rt import *
n = "b601_mutable_default_trace"; m, _, _ = load(n)
m.forward([jnp.ones((2, 2)), jnp.ones((2, 2))], jnp.ones((1, 2)))
e = raises(m.activation_stats)
verdict(n, ename(e) == "UnexpectedTracerError", ename(e))
