from rt import *
n = "c301_key_to_splitting_helper"; m, _, _ = load(n, key_reuse=True)
e = raises(m.init_agent, jax.random.key(0))
verdict(n, e is not None, ename(e))
