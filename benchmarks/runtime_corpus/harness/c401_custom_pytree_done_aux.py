from rt import *
n = "c401_custom_pytree_done_aux"; m, _, _ = load(n)
e1 = raises(lambda: m.step(m.EnvState(jnp.zeros(2), False)).obs)
e2 = raises(lambda: m.step(m.EnvState(jnp.zeros(2), True)).obs)
ok = e1 is None and e2 is None and float(m.step(m.EnvState(jnp.zeros(2), False)).obs[0]) == 1.0
verdict(n, not ok, [ename(e1), ename(e2)])
