from rt import *
n = "c302_fold_in_step"; m, _, _ = load(n, key_reuse=True)
e = raises(m.train, jnp.ones(4), [jnp.ones((2, 4))] * 3)
verdict(n, e is not None, ename(e))
