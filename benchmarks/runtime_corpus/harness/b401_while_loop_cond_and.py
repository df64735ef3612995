from rt import *
n = "b401_while_loop_cond_and"; m, _, _ = load(n)
e = raises(m.bisect, None, None, 0.0, 2.0)
verdict(n, e is not None, ename(e))
