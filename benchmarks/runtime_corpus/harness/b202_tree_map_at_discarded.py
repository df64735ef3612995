from rt import *
n = "b202_tree_map_at_discarded"; m, _, _ = load(n)
p = {"w": jnp.ones((2, 2))}; g = {"w": jnp.ones((2, 2))}
out = m.sgd(p, g)
verdict(n, float(out["w"][0, 0]) != 1.0, f"row 0 after update {out['w'][0]} (expected frozen at 1.0)")
