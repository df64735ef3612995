from rt import *
n = "c301_fold_in_and_split_n"; m, _, _ = load(n, key_reuse=True)
e = raises(m.make_noise, jax.random.key(0), 3)
verdict(n, e is not None, ename(e))
