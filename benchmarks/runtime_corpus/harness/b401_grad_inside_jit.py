from rt import *
n = "b401_grad_inside_jit"; m, _, _ = load(n)
e = raises(m.huber_grad, 0.5)
verdict(n, e is not None, ename(e))
