from rt import *
n = "b101_jit_of_vmap"; m, _, _ = load(n)
s = jnp.zeros(3)
m.batched_hinge(s); m.set_margin(1.0)
got = m.batched_hinge(s)
verdict(n, float(got[0]) != 1.0, f"got {float(got[0])} expected 1.0")
