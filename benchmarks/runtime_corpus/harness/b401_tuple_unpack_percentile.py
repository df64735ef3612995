from rt import *
n = "b401_tuple_unpack_percentile"; m, _, _ = load(n)
e = raises(m.robust_normalize, jnp.arange(10.0))
verdict(n, e is not None, ename(e))
