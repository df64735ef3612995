from rt import *
n = "c302_langevin_scan_split_carry"; m, _, _ = load(n, key_reuse=True)
e = raises(m.sample_chain, jnp.zeros(2), jax.random.PRNGKey(0))
verdict(n, e is not None, ename(e))
