import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c501_scan_carry_dict_copy"
m, exc, _ = load(N)
try:
    r = np.random.RandomState(0)
    p = {k: jnp.asarray(r.randn(3, 3).astype(np.float32)) for k in ("wg", "ug", "wc")}
    xs = jnp.asarray(r.randn(6, 3).astype(np.float32)); h0 = jnp.zeros(3)
    final, hs = m.run_cell(p, xs, h0)
    h, c = np.zeros(3), np.zeros(3)
    for x in np.asarray(xs):
        gte = 1 / (1 + np.exp(-(x @ np.asarray(p["wg"]) + h @ np.asarray(p["ug"]))))
        c = gte * c + (1 - gte) * np.tanh(x @ np.asarray(p["wc"])); h = np.tanh(c)
    ok = np.allclose(final["h"], h, atol=1e-5) and int(final["t"]) == 6
    verdict(N, not ok, f"match={ok}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
