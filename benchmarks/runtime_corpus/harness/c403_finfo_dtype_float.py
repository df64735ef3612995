from rt import *
n = "c403_finfo_dtype_float"; m, _, _ = load(n)
e = raises(m.stable_log_softmax, jnp.ones(3))
verdict(n, e is not None, ename(e))
