from rt import *
n = "c201_numpy_table"; m, _, _ = load(n)
e = raises(m.positional_encoding, jnp.zeros((3, 2)))
verdict(n, e is not None, ename(e))
