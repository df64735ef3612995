from rt import *
n = "c402_jnp_shape_ndim_size"; m, _, _ = load(n)
e1 = raises(m.flatten_pad, jnp.ones(4)); e2 = raises(m.flatten_pad, jnp.ones((2, 3, 2)))
verdict(n, e1 is not None or e2 is not None, [ename(e1), ename(e2)])
