from rt import *
n = "b301_mcmc_proposal_accept"; m, _, _ = load(n, key_reuse=True)
e = raises(m.mh_step, jax.random.PRNGKey(0), jnp.zeros(2))
verdict(n, key_reuse_error(e), ename(e))
