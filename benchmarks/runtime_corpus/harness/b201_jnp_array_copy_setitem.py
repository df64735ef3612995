from rt import *
n = "b201_jnp_array_copy_setitem"; m, _, _ = load(n)
e = raises(m.zero_boundary, np.ones((4, 4)))
verdict(n, e is not None, ename(e))
