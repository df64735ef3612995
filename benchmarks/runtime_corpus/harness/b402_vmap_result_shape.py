from rt import *
n = "b402_vmap_result_shape"; m, _, _ = load(n)
e = raises(m.select_top, jnp.ones((3, 2)))
verdict(n, e is not None, ename(e))
