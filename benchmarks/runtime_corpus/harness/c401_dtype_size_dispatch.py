import jax, jax.numpy as jnp, numpy as np
from scipy.special import logsumexp
from rt import load, verdict, ename
N = "c401_dtype_size_dispatch"
m, exc, _ = load(N)
try:
    res = []
    for x in [np.linspace(-3, 3, 8192, dtype=np.float32), np.linspace(-3, 3, 10).astype(np.float16), np.arange(10, dtype=np.int32)]:
        out = float(m.stable_logsumexp(jnp.asarray(x)))
        res.append(abs(out - logsumexp(x.astype(np.float64))) < 1e-2)
    verdict(N, not all(res), f"matches scipy: {res}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
