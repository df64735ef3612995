from rt import *
n = "c101_vmap_global"; m, _, _ = load(n)
x = jnp.zeros(3)
m.batched_shift(x)
m.set_offset(5.0)
got = m.batched_shift(x)
verdict(n, float(got[0]) != 5.0, f"vmap re-runs python: got {float(got[0])}")
