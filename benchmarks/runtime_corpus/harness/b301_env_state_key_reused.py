from rt import *
n = "b301_env_state_key_reused"; m, _, _ = load(n, key_reuse=True)
s = m.reset(jax.random.PRNGKey(0))
e = raises(m.step, s, jnp.int32(1))
verdict(n, key_reuse_error(e), ename(e))
