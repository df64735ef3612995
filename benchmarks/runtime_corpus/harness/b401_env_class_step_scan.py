from rt import *
n = "b401_env_class_step_scan"; m, _, _ = load(n)
e = raises(m.rollout, jnp.ones(12))
verdict(n, e is not None, ename(e))
