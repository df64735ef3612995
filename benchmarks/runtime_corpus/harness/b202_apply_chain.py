from rt import *
n = "b202_apply_chain"; m, _, _ = load(n)
x = -jnp.ones(4)
out = m.relu_first_half(x)
verdict(n, float(out[0]) == -1.0, f"out={out}")
