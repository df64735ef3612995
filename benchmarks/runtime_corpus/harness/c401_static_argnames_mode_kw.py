import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c401_static_argnames_mode_kw"
m, exc, _ = load(N)
x = np.random.RandomState(0).randn(8, 3).astype(np.float32)
try:
    y, ye = m.train_then_eval(jnp.asarray(x), jnp.zeros(3), jnp.ones(3))
    ref = (x - x.mean(0)) / np.sqrt(x.var(0) + 1e-5)
    rm = 0.1 * x.mean(0); rv = 0.9 + 0.1 * x.var(0)
    ref_e = (x - rm) / np.sqrt(rv + 1e-5)
    ok = np.allclose(y, ref, atol=1e-4) and np.allclose(ye, ref_e, atol=1e-4)
    verdict(N, not ok, f"match={ok}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
