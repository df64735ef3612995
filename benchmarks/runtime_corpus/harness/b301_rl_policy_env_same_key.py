from rt import *
n = "b301_rl_policy_env_same_key"; m, _, _ = load(n, key_reuse=True)
e = raises(m.rollout_step, jnp.ones((3, 3)), jnp.ones(3), jax.random.key(0))
verdict(n, key_reuse_error(e), ename(e))
