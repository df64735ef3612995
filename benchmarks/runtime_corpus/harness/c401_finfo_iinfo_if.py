from rt import *
n = "c401_finfo_iinfo_if"; m, _, _ = load(n)
x = jnp.array([0.0, 1.0, 4.0])
e = raises(m.safe_log, x)
verdict(n, e is not None, ename(e) or m.safe_log(x))
