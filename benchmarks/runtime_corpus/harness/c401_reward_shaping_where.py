from rt import *
n = "c401_reward_shaping_where"; m, _, _ = load(n)
e = raises(m.env_step, jnp.zeros(2), jnp.ones(2))
r = m.episode_return(jnp.array([0.95, 1.0]), [jnp.array([1.0, 0.0])])
verdict(n, e is not None, f"{ename(e)} r={float(r):.3f}")
