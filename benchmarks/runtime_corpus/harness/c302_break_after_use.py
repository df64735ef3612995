from rt import *
n = "c302_break_after_use"; m, _, _ = load(n, key_reuse=True)
e = raises(m.init_first_trainable, jax.random.key(0), [("frozen_a", (2,)), ("b", (3,)), ("c", (4,))])
verdict(n, e is not None, ename(e))
