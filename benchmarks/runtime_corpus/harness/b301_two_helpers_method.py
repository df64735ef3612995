from rt import *
n = "b301_two_helpers_method"; m, _, _ = load(n, key_reuse=True)
e = raises(m.MLP([4, 4]).init, jax.random.key(0))
verdict(n, key_reuse_error(e), ename(e))
