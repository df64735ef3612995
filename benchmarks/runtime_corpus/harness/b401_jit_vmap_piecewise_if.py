from rt import *
n = "b401_jit_vmap_piecewise_if"; m, _, _ = load(n)
e = raises(m.smooth_l1, jnp.array([0.5, 2.0]))
verdict(n, e is not None, ename(e))
