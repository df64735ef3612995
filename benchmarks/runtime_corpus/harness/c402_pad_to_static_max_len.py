from rt import *
n = "c402_pad_to_static_max_len"; m, _, _ = load(n)
e = raises(m.pad_and_mask, jnp.ones(5))
verdict(n, e is not None, ename(e))
