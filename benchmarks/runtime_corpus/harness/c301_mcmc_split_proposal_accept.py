from rt import *
n = "c301_mcmc_split_proposal_accept"; m, _, _ = load(n, key_reuse=True)
e = raises(m.run_chain, jax.random.PRNGKey(0), jnp.zeros(2), 3)
verdict(n, e is not None, ename(e))
