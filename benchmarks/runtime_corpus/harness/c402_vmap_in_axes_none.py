from rt import *
n = "c402_vmap_in_axes_none"; m, _, _ = load(n)
e = raises(m.unroll_batched, jnp.ones((2, 3)), 3)
verdict(n, e is not None, ename(e))
