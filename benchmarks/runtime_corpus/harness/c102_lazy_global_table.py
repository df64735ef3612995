import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c102_lazy_global_table"
m, exc, _ = load(N)
try:
    x = jnp.linspace(-1, 1, 7)
    a, ia = m.quantize(x)
    b, ib = m.quantize(x * 0.5)
    book = m._codebook()
    ref_b = book[np.argmin(np.abs(np.asarray(x * 0.5)[:, None] - book), -1)]
    ok = np.allclose(b, ref_b) and isinstance(m._CODEBOOK, np.ndarray) and m._codebook() is m._CODEBOOK
    verdict(N, not ok, f"match={ok}, global is concrete ndarray={isinstance(m._CODEBOOK, np.ndarray)}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
