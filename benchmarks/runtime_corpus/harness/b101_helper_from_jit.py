from rt import *
n = "b101_helper_from_jit"; m, _, _ = load(n)
x = jnp.ones(4)
m.preprocess(x, False)
m.calibrate(3.0)
got = m.preprocess(x, False)
verdict(n, float(got[0]) != 4.0, f"got {float(got[0])} expected 4.0")
