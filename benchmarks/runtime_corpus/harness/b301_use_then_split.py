from rt import *
n = "b301_use_then_split"; m, _, _ = load(n, key_reuse=True)
e = raises(m.init_and_sample, jax.random.key(0), 3)
verdict(n, key_reuse_error(e), ename(e))
