from rt import *
n = "b402_dynamic_slice_traced_size"; m, _, _ = load(n)
e = raises(m.crop_sequence, jnp.arange(10), 2, 4)
verdict(n, e is not None, ename(e))
