from rt import *
n = "c403_static_int"; m, _, _ = load(n)
e = raises(m.make_grid, 0.0, 4, 2.0)
verdict(n, e is not None, ename(e))
