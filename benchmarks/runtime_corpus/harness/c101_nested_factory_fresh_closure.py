from rt import *
n = "c101_nested_factory_fresh_closure"; m, _, _ = load(n)
try:
    w = jnp.ones(2); x = jnp.eye(2); y = jnp.ones(2)
    out = m.sweep(w, x, y, [0.0, 0.5, 1.0])
    ok = np.allclose(out, [0.0, 1.0, 2.0])
    verdict(n, not ok, f"out={out}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
