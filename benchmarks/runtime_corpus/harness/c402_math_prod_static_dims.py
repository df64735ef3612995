from rt import *
n = "c402_math_prod_static_dims"; m, _, _ = load(n)
try:
    x = jnp.ones((2, 3, 4, 5)); w = jnp.ones((30, 7))
    out = m.flatten_and_project(x, w)
    ok = out.shape == (2, 3, 7) and np.allclose(out, 20.0)
    verdict(n, not ok, f"shape={out.shape}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
