from rt import *
n = "c402_fori_traced_bound_mask"; m, _, _ = load(n)
try:
    A = jnp.diag(jnp.array([3.0, 1.0, 5.0]))
    v, w = m.masked_power_iteration(A, 20, 2)
    v2, _ = m.masked_power_iteration(A, 30, 3)
    ok = bool(jnp.allclose(v, jnp.array([1.0, 0.0, 0.0]), atol=1e-3)) and bool(jnp.allclose(v2, jnp.array([0.0, 0.0, 1.0]), atol=1e-3))
    verdict(n, not ok, f"ok={ok} {v} {v2}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
