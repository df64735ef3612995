from rt import *
n = "c401_static_self_attr"; m, _, _ = load(n)
e = raises(m.Scaler(1.0), jnp.array([2.0, -3.0]))
verdict(n, e is not None, ename(e))
