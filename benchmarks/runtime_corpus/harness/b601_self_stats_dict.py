from rt import *
n = "b601_self_stats_dict"; m, _, _ = load(n)
L = m.Learner(0.1)
L.update(jnp.ones(2), jnp.ones((3, 2)), jnp.zeros(3))
e = raises(L.log)
verdict(n, ename(e) == "UnexpectedTracerError", ename(e))
