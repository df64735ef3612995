from rt import *
n = "b202_vmap_alias"; m, _, _ = load(n)
b = m.reset_all(jnp.ones((2, 3)))
verdict(n, float(b[0, 0]) == 1.0, f"b00={float(b[0,0])}")
