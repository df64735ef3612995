import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c401_static_builtin_minmax"
m, exc, _ = load(N)
try:
    ok = True
    for t in (2, 5, 20):
        x = jnp.arange(t * 3.0).reshape(t, 3)
        s, w = m.chunked_sum(x)
        ok &= bool(np.allclose(s, np.asarray(x).sum(0))) and w == max(t, 3)
    verdict(N, not ok, f"match={ok}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
