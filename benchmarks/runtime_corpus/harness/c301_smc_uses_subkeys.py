from rt import *
n = "c301_smc_uses_subkeys"; m, _, _ = load(n, key_reuse=True)
e = raises(m.run_filter, [jnp.float32(0.3), jnp.float32(0.1)], jax.random.PRNGKey(0), 64)
verdict(n, e is not None, ename(e))
