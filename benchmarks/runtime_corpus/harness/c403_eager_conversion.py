from rt import *
n = "c403_eager_conversion"; m, _, _ = load(n)
e = raises(m.train, jnp.ones(2), [jnp.ones((3, 2))] * 2)
verdict(n, e is not None, ename(e))
