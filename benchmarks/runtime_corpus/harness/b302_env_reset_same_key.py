from rt import *
n = "b302_env_reset_same_key"; m, _, _ = load(n, key_reuse=True)
e = raises(m.collect_episodes, m.RandomWalkEnv(), lambda o: -o, jax.random.PRNGKey(0))
verdict(n, key_reuse_error(e), ename(e))
