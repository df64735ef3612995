from rt import *
n = "b302_langevin_scan_carry_key"; m, _, _ = load(n, key_reuse=True)
e = raises(m.sample_chain, jnp.zeros(2), jax.random.PRNGKey(0))
verdict(n, key_reuse_error(e), ename(e))
