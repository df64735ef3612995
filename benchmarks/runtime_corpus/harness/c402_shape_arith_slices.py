from rt import *
n = "c402_shape_arith_slices"; m, _, _ = load(n)
try:
    s, p, b = m.split_halves(jnp.arange(6.0))
    ok = np.allclose(s, [3, 5, 7]) and p.shape == (2, 4) and b.shape == (12,) and np.allclose(b[:6], np.arange(6))
    verdict(n, not ok, f"{s} {p.shape} {b.shape}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
