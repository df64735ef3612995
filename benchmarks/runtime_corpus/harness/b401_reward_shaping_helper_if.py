from rt import *
n = "b401_reward_shaping_helper_if"; m, _, _ = load(n)
e = raises(m.env_step, jnp.zeros(2), jnp.ones(2))
verdict(n, e is not None, ename(e))
