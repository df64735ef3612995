from rt import *
n = "c401_nnx_module_python_attrs"; m, _, _ = load(n)
try:
    a, b = m.run(jnp.ones((2, 4)))
    ok = a.shape == (2, 4) and b.shape == (2, 4) and bool(jnp.all(jnp.isfinite(a)))
    verdict(n, not ok, f"ok={ok}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
