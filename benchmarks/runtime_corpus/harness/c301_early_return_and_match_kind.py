from rt import *
n = "c301_early_return_and_match_kind"; m, _, _ = load(n, key_reuse=True)
try:
    ws = [m.init_weight(jax.random.key(0), (4, 4), k) for k in ("zeros", "orthogonal", "lecun", "uniform")]
    ok = all(w.shape == (4, 4) for w in ws) and np.allclose(ws[1] @ ws[1].T, np.eye(4), atol=1e-4)
    verdict(n, not ok, f"ok={ok}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
