from rt import *
n = "b301_perturb_returns_same_key"; m, _, _ = load(n, key_reuse=True)
e = raises(m.augment, jax.random.PRNGKey(0), jnp.zeros(4))
verdict(n, key_reuse_error(e), ename(e))
