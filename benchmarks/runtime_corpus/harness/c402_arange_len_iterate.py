from rt import *
n = "c402_arange_len_iterate"; m, _, _ = load(n)
e = raises(m.banded_sum, jnp.arange(4.0))
verdict(n, e is not None, [ename(e), str(e)[:150]])
