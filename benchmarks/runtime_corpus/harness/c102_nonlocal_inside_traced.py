from rt import *
n = "c102_nonlocal_inside_traced"; m, _, _ = load(n)
a = float(m.total_penalty({"a": jnp.ones(2), "b": jnp.ones(3)}))
b = float(m.total_penalty({"a": jnp.ones(2) * 2, "b": jnp.ones(3)}))
verdict(n, abs(a - 5.0) > 1e-6 or abs(b - 11.0) > 1e-6, f"{a} {b} (expected 5, 11)")
