from rt import *
n = "c401_shape_assert_and_len"; m, _, _ = load(n)
e = raises(m.pairwise, jnp.ones((2, 4)), jnp.ones((3, 4)))
verdict(n, e is not None, ename(e))
