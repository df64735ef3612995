from rt import *
n = "b401_ternary_vmap_lambda"; m, _, _ = load(n)
e = raises(m.leaky, jnp.array([1.0, -1.0]))
verdict(n, e is not None, ename(e))
