from rt import *
n = "b401_literal_to_nonstatic_flag"; m, _, _ = load(n)
e = raises(m.run, jnp.ones((2, 2)), jnp.ones((2, 2)))
verdict(n, e is not None, [ename(e), str(e)[:120]])
