from rt import *
n = "b401_helper_result_if"; m, _, _ = load(n)
e = raises(m.guarded_update, jnp.ones(2), jnp.ones(2), {"x": jnp.ones((3, 2)), "y": jnp.zeros(3)})
verdict(n, e is not None, ename(e))
