from rt import *
n = "b402_pad_to_traced_len"; m, _, _ = load(n)
e = raises(m.pad_batch, jnp.ones(3), 8)
verdict(n, e is not None, ename(e))
