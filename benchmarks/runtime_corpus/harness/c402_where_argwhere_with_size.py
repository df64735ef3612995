from rt import *
n = "c402_where_argwhere_with_size"; m, _, _ = load(n)
try:
    s = jnp.array([0.1, 0.9, 0.3, 0.8, 0.05, 0.7])
    idx, coords, vals, picked = m.active_indices(s, 0.5)
    ok = idx.tolist() == [1, 3, 5, -1] and coords.shape == (6,) and vals.shape == (4,)
    verdict(n, not ok, f"ok={ok} {idx} {picked}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
