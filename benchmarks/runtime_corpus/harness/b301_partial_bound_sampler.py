from rt import *
n = "b301_partial_bound_sampler"; m, _, _ = load(n, key_reuse=True)
e = raises(m.make_dataset, jax.random.PRNGKey(0), 8, 1)
verdict(n, key_reuse_error(e), ename(e))
