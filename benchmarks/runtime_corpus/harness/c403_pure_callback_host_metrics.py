from rt import *
n = "c403_pure_callback_host_metrics"; m, _, _ = load(n)
try:
    out = m.rank_metric(jnp.array([0.9, 0.2, 0.7, 0.1]), jnp.array([1, 0, 1, 0]))
    ok = bool(jnp.isfinite(out))
    verdict(n, not ok, f"ok={ok} {out}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
