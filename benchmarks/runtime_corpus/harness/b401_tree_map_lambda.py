from rt import *
n = "b401_tree_map_lambda"; m, _, _ = load(n)
e = raises(m.flip_negative_leaves, {"a": jnp.ones(2), "b": -jnp.ones(2)})
verdict(n, e is not None, ename(e))
