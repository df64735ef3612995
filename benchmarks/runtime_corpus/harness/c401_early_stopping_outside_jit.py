from rt import *
n = "c401_early_stopping_outside_jit"; m, _, _ = load(n)
e = raises(lambda: m.fit(jnp.ones(2), jnp.ones((4, 2)), jnp.zeros(4))[0])
verdict(n, e is not None, ename(e))
