from rt import *
n = "b401_smc_adaptive_tempering_while"; m, _, _ = load(n)
parts = jax.random.normal(jax.random.PRNGKey(0), (64, 2))
e = raises(m.tempering_step, parts, jnp.float32(0.0), jax.random.PRNGKey(1))
verdict(n, e is not None, ename(e))
