from rt import *
n = "c403_log_static_shape_fstring"; m, _, _ = load(n)
params = [jnp.ones((3, 3, 3, 8)) * 0.1, jnp.ones((3, 3, 8, 16)) * 0.1]
e = raises(m.features, params, jnp.ones((2, 16, 16, 3)))
verdict(n, e is not None, ename(e))
