import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c403_static_conversions_r14"
m, exc, _ = load(N)
try:
    x = jnp.ones((10, 8))
    mask, v = m.block_mask(x, block=4)
    ok = np.asarray(mask).tolist() == [True, False, False, False, True] + [False] * 5 and np.isclose(v, 3.0)
    verdict(N, not ok, f"mask={np.asarray(mask).astype(int).tolist()} v={float(v)}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
