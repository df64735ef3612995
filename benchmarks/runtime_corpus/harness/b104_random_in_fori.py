from rt import *
n = "b104_random_in_fori"; m, _, _ = load(n)
a = m.random_walk(0.0); b = m.random_walk(0.0)
verdict(n, float(a) == float(b), f"two calls {float(a)} {float(b)} (same => frozen)")
