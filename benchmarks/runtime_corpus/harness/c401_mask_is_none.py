import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c401_mask_is_none"
m, exc, _ = load(N)
t = np.random.RandomState(0).randn(2, 5, 3).astype(np.float32)
try:
    a = m.pool_batch(jnp.asarray(t))
    b = m.pool_batch(jnp.asarray(t), jnp.array([2, 5]))
    c = m.masked_mean(jnp.asarray(t), None, jnp.ones((2, 5)))
    ref_b = np.stack([t[0, :2].mean(0), t[1].mean(0)])
    ok = np.allclose(a, t.mean(1), atol=1e-5) and np.allclose(b, ref_b, atol=1e-5) and np.allclose(c, a)
    verdict(N, not ok, f"match={ok}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
