from rt import *
n = "b101_constant_case_rebound"; m, _, _ = load(n)
lg = jnp.array([[2.0, 0.0, 0.0]]); lb = jnp.array([0])
a = m.xent(lg, lb)
m.configure(0.3)
b = m.xent(lg, lb)
m.xent.clear_cache(); c = m.xent(lg, lb)
verdict(n, not bool(jnp.allclose(b, c)), f"after configure: {float(b):.4f} fresh: {float(c):.4f}")
