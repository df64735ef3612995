from rt import *
n = "c403_np_closure_gaussian_kernel"; m, _, _ = load(n)
try:
    blur = m.make_blur(1.0, 2)
    out = blur(jnp.ones(8))
    ok = out.shape == (8,) and bool(jnp.all(jnp.isfinite(out)))
    verdict(n, not ok, f"ok={ok}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
