from rt import *
n = "b401_comprehension_filter_norm"; m, _, _ = load(n)
e = raises(m.sparse_grad_norm, {"w": jnp.ones(3), "b": jnp.zeros(2)})
verdict(n, e is not None, ename(e))
