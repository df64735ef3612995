from rt import *
n = "b101_numpy_mask_inplace"; m, _, _ = load(n)
x = jnp.ones(4)
m.masked_sum(x)
m.deactivate(0)
got = m.masked_sum(x)
verdict(n, float(got) != 3.0, f"got {float(got)} expected 3.0")
