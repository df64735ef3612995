from rt import *
n = "b401_not_done_method"; m, _, _ = load(n)
e = raises(m.Env().step, jnp.zeros(2), jnp.ones(2), jnp.array(False))
verdict(n, e is not None, ename(e))
