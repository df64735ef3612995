from rt import *
n = "c401_done_default_not_passed"; m, _, _ = load(n)
e = raises(m.rollout, jnp.zeros(2), [jnp.ones(2)] * 3)
verdict(n, e is not None, ename(e))
