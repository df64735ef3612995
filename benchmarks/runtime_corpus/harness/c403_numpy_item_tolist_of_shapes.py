from rt import *
n = "c403_numpy_item_tolist_of_shapes"; m, _, _ = load(n)
try:
    out = m.patchify(jnp.zeros((2, 8, 12, 3)))
    ok = out.shape == (2, 6, 48)
    verdict(n, not ok, f"ok={ok} {out.shape}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
