from rt import *
n = "c402_np_constant_stencil"; m, _, _ = load(n)
try:
    u = jnp.array([0.0, 1.0, 4.0, 9.0, 16.0])
    out = m.laplacian_1d(u)
    ok = bool(jnp.allclose(out[1:-1], 2.0))
    verdict(n, not ok, f"ok={ok} {out}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
