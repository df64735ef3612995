from rt import *
n = "c201_tree_map_np_array_copy"; m, _, _ = load(n)
p = {"w": jnp.ones((2, 2)), "b": jnp.zeros(2)}
e = raises(m.prune_first_row, p)
ok = e is None and float(m.prune_first_row(p)["w"][0, 0]) == 0.0 and float(p["w"][0, 0]) == 1.0
verdict(n, not ok, f"{ename(e)}")
