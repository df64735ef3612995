from rt import *
n = "c301_dataset_split_keys"; m, _, _ = load(n, key_reuse=True)
e = raises(m.make_dataset, jax.random.PRNGKey(0), 8, 1)
verdict(n, e is not None, ename(e))
