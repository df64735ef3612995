from rt import *
n = "c402_shape_derived"; m, _, _ = load(n)
e = raises(m.split_heads, jnp.ones((2, 4, 6)))
verdict(n, e is not None, ename(e))
