from rt import *
n = "c401_ctev_table_if"; m, _, _ = load(n)
e = raises(m.positional, jnp.ones((2, 64)))
verdict(n, e is not None, [ename(e), str(e)[:150]])
