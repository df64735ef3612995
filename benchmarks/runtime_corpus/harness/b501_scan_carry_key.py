from rt import *
n = "b501_scan_carry_key"; m, _, _ = load(n)
e = raises(m.running_stats, jnp.ones(3))
verdict(n, e is not None, ename(e))
