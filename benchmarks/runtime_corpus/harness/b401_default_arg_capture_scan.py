from rt import *
n = "b401_default_arg_capture_scan"; m, _, _ = load(n)
e = raises(m.clipped_cumsum, jnp.arange(6.0))
verdict(n, e is not None, ename(e))
