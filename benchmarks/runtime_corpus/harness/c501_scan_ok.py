from rt import *
n = "c501_scan_ok"; m, _, _ = load(n)
e = raises(m.running_stats, jnp.ones(3))
verdict(n, e is not None, ename(e))
