from rt import *
n = "c302_split_in_loop"; m, _, _ = load(n, key_reuse=True)
e = raises(m.sample_chain, jax.random.key(0), 4)
verdict(n, e is not None, ename(e))
