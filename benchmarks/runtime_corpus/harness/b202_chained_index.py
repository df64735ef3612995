from rt import *
n = "b202_chained_index"; m, _, _ = load(n)
a = m.clamp_first_column(-jnp.ones((2, 2)), 0.0)
verdict(n, float(a[0, 0]) == -1.0, f"a00={float(a[0,0])}")
