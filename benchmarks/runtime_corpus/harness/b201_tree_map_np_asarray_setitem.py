from rt import *
n = "b201_tree_map_np_asarray_setitem"; m, _, _ = load(n)
e = raises(m.prune_first_row, {"w": jnp.ones((2, 2)), "b": jnp.zeros(2)})
verdict(n, e is not None, f"{ename(e)}: {str(e)[:120]}")
