from rt import *
n = "b101_closure_rebound"; m, _, _ = load(n)
h = m.run_annealing(jnp.ones(2), 3)
verdict(n, float(h[2]) != 8.0, f"history={[float(v) for v in h]} expected [2,4,8]")
