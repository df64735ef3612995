from rt import *
n = "c401_grad_only"; m, _, _ = load(n)
e = raises(m.d_smooth_l1, 2.0)
verdict(n, e is not None, ename(e) or float(m.d_smooth_l1(2.0)))
