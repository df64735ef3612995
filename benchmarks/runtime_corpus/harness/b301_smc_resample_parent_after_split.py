from rt import *
n = "b301_smc_resample_parent_after_split"; m, _, _ = load(n, key_reuse=True)
e = raises(m.pf_step, jnp.zeros(64), jnp.float32(0.3), jax.random.PRNGKey(0))
verdict(n, key_reuse_error(e), ename(e))
