from rt import *
n = "c501_scan_inf_init_best"; m, _, _ = load(n)
e = raises(m.best_so_far, jnp.array([3.0, 1.0, 2.0]))
verdict(n, e is not None, ename(e) and str(e)[:200])
