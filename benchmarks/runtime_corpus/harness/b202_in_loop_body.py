from rt import *
n = "b202_in_loop_body"; m, _, _ = load(n)
out = m.apply_masks(jnp.ones((2, 2)), [(0, 0), (1, 1)])
verdict(n, float(out.sum()) == 4.0, f"sum={float(out.sum())}")
