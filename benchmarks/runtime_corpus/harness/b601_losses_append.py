from rt import *
n = "b601_losses_append"; m, _, _ = load(n)
w = m.train_step(jnp.ones(2), jnp.ones((3, 2)), jnp.zeros(3))
e = raises(lambda: jnp.stack(m.train_losses).mean())
verdict(n, ename(e) == "UnexpectedTracerError", ename(e))
