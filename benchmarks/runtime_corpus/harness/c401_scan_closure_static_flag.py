from rt import *
n = "c401_scan_closure_static_flag"; m, _, _ = load(n)
try:
    a, b = m.compute(jnp.ones(3))
    ok = bool(jnp.allclose(a, jnp.array([2.71, 1.9, 1.0]))) and bool(jnp.allclose(b, jnp.array([1.0, 1.5, 1.5])))
    verdict(n, not ok, f"ok={ok} {a} {b}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
