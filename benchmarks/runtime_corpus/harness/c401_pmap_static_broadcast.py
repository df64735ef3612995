import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c401_pmap_static_broadcast"
m, exc, _ = load(N)
try:
    x = np.arange(12, dtype=np.float32).reshape(4, 3)
    a = np.asarray(m.global_normalize(jnp.asarray(x), "mean"))
    b = np.asarray(m.global_normalize(jnp.asarray(x), "max"))
    ok = np.allclose(a, x - x.mean()) and np.allclose(b, x / 11.0)
    verdict(N, not ok, f"match={ok}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
