import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c401_ensure_compile_time_eval"
m, exc, _ = load(N)
try:
    x = jnp.array([-3.0, -1.9, 0.1, 1.99, 5.0])
    idx, widest = m.bucketize(x)
    ref = np.clip(np.searchsorted(np.linspace(-2, 2, 9), np.asarray(x)) - 1, 0, 7)
    ok = np.array_equal(np.asarray(idx), ref)
    verdict(N, not ok, f"idx={np.asarray(idx).tolist()} ref={ref.tolist()} widest={int(widest)}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
