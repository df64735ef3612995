from rt import *
n = "b401_scan_body_if"; m, _, _ = load(n)
e = raises(m.clipped_cumsum, jnp.ones(5), 3.0)
verdict(n, e is not None, ename(e))
