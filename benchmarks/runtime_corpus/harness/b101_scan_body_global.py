from rt import *
n = "b101_scan_body_global"; m, _, _ = load(n)
xs = jnp.ones(3)
m.ema(xs)
m.anneal()
got = m.ema(xs)
verdict(n, abs(float(got[0]) - 0.5) > 1e-6, f"got {float(got[0])} expected 0.5")
