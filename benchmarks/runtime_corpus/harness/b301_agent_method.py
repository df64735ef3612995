from rt import *
n = "b301_agent_method"; m, _, _ = load(n, key_reuse=True)
a = m.EpsilonGreedy(0.5)
e = raises(a.act, jax.random.key(0), jnp.ones(4))
verdict(n, key_reuse_error(e), ename(e))
