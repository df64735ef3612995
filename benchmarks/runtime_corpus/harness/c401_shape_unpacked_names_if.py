from rt import *
n = "c401_shape_unpacked_names_if"; m, _, _ = load(n)
try:
    a = m.maybe_pool(jnp.ones((2, 64, 3))); b = m.maybe_pool(jnp.ones((2, 7, 3)))
    ok = a.shape == (2, 16, 3) and b.shape == (2, 7, 3)
    verdict(n, not ok, f"{a.shape} {b.shape}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
