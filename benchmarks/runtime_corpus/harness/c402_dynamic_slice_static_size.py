from rt import *
n = "c402_dynamic_slice_static_size"; m, _, _ = load(n)
e = raises(m.sliding_mean, jnp.arange(10.0), jnp.array(3), window=4)
verdict(n, e is not None, ename(e))
