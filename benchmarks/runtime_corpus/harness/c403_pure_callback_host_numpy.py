import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c403_pure_callback_host_numpy"
m, exc, _ = load(N)
try:
    r = np.random.RandomState(0)
    x = jnp.asarray(r.randn(500, 3).astype(np.float32) @ np.array([[2, 0, 0], [1, 1, 0], [0, 0, 3]], np.float32))
    z = m.whiten(x)
    cov = np.asarray(z.T @ z) / 500
    ok = np.allclose(cov, np.eye(3), atol=1e-2)
    verdict(N, not ok, f"whitened cov ~ I: {ok}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
