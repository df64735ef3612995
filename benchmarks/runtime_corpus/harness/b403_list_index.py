from rt import *
n = "b403_list_index"; m, _, _ = load(n)
e = raises(m.apply_activation, jnp.ones(2), jnp.array([0.0, 1.0, 0.0]))
verdict(n, e is not None, ename(e))
