from rt import *
n = "b202_fori_add"; m, _, _ = load(n)
out = m.histogram(jnp.array([0, 1, 1]), 3)
verdict(n, int(out.sum()) == 0, f"counts={out}")
