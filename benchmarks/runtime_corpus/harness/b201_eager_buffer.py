from rt import *
n = "b201_eager_buffer"; m, _, _ = load(n)
e = raises(m.one_hot_eager, [0, 2], 3)
verdict(n, e is not None, ename(e))
