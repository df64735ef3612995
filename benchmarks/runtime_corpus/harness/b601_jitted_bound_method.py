from rt import *
n = "b601_jitted_bound_method"; m, _, _ = load(n)
rm = m.RunningMean(); rm.update(jnp.ones(3))
e = raises(lambda: rm.mean + 1)
verdict(n, ename(e) == "UnexpectedTracerError", ename(e))
