from rt import *
n = "b202_at_dropped_in_cond_branch"; m, _, _ = load(n)
out = m.maybe_mask(jnp.ones(3), True)
verdict(n, float(out[0]) != 0.0, f"out[0]={float(out[0])} (intended 0.0)")
